// A node:test reporter for upstream.test.mjs: one JSON line per finished test
// or suite ({event, file, name, nesting, type}).  Not a test file itself (it
// only exports the reporter; running it defines no tests).
export default async function* reporter(source) {
  for await (const ev of source) {
    if (ev.type !== 'test:pass' && ev.type !== 'test:fail') continue;
    const d = ev.data;
    yield JSON.stringify({
      event: ev.type === 'test:pass' ? 'pass' : 'fail',
      file: d.file ?? null,
      name: d.name,
      nesting: d.nesting,
      type: d.details?.type ?? 'test',
      skip: d.skip !== undefined && d.skip !== false,
      error: ev.type === 'test:fail' ? String(d.details?.error?.cause?.message ?? d.details?.error?.message ?? '') : undefined,
    }) + '\n';
  }
}
