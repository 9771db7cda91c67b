// The command's record reading on arbitrary bytes: the input is written to
// a file that batch_reader reads in batches as small as one byte (a record
// longer than a batch grows it), and record_processor splits and converts
// each batch.  The first byte picks LF or NUL records (-0), the batch size
// and the command.  Properties, from the CLI's record rules: the batches
// hold exactly the input's bytes, in order; there is one output record per
// input record as an independent splitter counts them (LF or CRLF ends a
// line, a final record may lack its terminator, empty records count, a CR
// not before LF is data); and each output record is what the same record
// gives when passed as an argument.
#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "batch_reader.hpp"
#include "fuzz_support.hpp"
#include "options.hpp"
#include "record_batch.hpp"
#include "record_processor.hpp"

namespace {

/// The records of `in` as the CLI's rules define them, written apart from
/// record_processor's memchr loop.
std::vector<std::string_view> reference_records(std::string_view in, char terminator) {
  std::vector<std::string_view> records;
  std::size_t start = 0;
  while (start < in.size()) {
    const std::size_t stop = in.find(terminator, start);
    if (stop == std::string_view::npos) {
      records.push_back(in.substr(start));  // unterminated: taken as it is, CR and all
      break;
    }
    std::string_view record = in.substr(start, stop - start);
    if (terminator == '\n' && record.ends_with('\r')) record.remove_suffix(1);
    records.push_back(record);
    start = stop + 1;
  }
  return records;
}

/// One scratch file for the whole run, rewritten for each input.
const std::string& scratch_file() {
  static const std::string name = [] {
    std::string pattern = "/tmp/puny_fuzz_records_XXXXXX";
    const int fd = mkstemp(pattern.data());
    PUNY_FUZZ_CHECK(fd >= 0);
    close(fd);
    return pattern;
  }();
  return name;
}

void write_file(const std::string& name, std::string_view bytes) {
  const int fd = open(name.c_str(), O_WRONLY | O_TRUNC);
  PUNY_FUZZ_CHECK(fd >= 0);
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    PUNY_FUZZ_CHECK(n > 0);
    done += static_cast<std::size_t>(n);
  }
  close(fd);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  puny::cli::options opts;
  opts.null_records = (data[0] & 1) != 0;
  const std::size_t batch_size = std::size_t{4} << ((data[0] >> 1) & 7);  // 4 to 512 bytes
  constexpr puny::cli::command commands[4] = {puny::cli::command::encode, puny::cli::command::decode,
                                              puny::cli::command::to_ascii, puny::cli::command::to_unicode};
  opts.cmd = commands[(data[0] >> 4) & 3];
  opts.quiet = (data[0] & 0x40) != 0;
  const std::string_view input(reinterpret_cast<const char*>(data + 1), size - 1);
  const char terminator = puny::cli::record_terminator(opts);

  write_file(scratch_file(), input);
  puny::cli::batch_reader reader({puny::cli::input_name{scratch_file()}}, terminator, batch_size);
  puny::cli::record_processor processor(opts);
  puny::cli::record_batch batch;
  std::string seen;
  std::string output;
  std::uint64_t records = 0;
  while (reader.next(batch)) {
    PUNY_FUZZ_CHECK(batch.input_messages.empty() && !batch.input_failed);
    // Whole records only, but for the input's last one.
    const std::string_view bytes = batch.data.view();
    PUNY_FUZZ_CHECK(batch.input_ended || (!bytes.empty() && bytes.back() == terminator));
    seen += bytes;
    processor.process(batch);
    records += batch.records;
    output += batch.output.view();
  }
  PUNY_FUZZ_CHECK(seen == input);

  const std::vector<std::string_view> expected = reference_records(input, terminator);
  PUNY_FUZZ_CHECK(records == expected.size());

  // The same records as arguments give the same output, record for record.
  puny::cli::record_batch direct;
  direct.arguments = expected;
  processor.process(direct);
  PUNY_FUZZ_CHECK(direct.records == expected.size());
  PUNY_FUZZ_CHECK(direct.output.view() == output);
  return 0;
}
