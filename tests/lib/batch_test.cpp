// The batch calls of <puny/batch.hpp> and puny.h: every name converted
// exactly as the one-name call converts it (output, status, codes, label,
// position), outputs packed in order, and the room conventions — a batch
// that runs out of output room stops before the name that does not fit,
// says how much it needs, and resumes from there.
#include "puny/batch.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "puny/idna.hpp"
#include "puny/puny.h"
#include "test_support.hpp"

namespace {

using puny::batch_item;
using puny::idna_options;
using puny::idna_profile;

// Names with every outcome: valid ASCII and Unicode, ACE, each kind of
// UTS #46 error, empty names and labels, invalid UTF-8, a long name.
std::vector<std::string> sample_names() {
  std::vector<std::string> names = {
      "bücher.de",      "xn--bcher-kva.de", "EXAMPLE.com", "a\u200Db.com", "ab--c.example", "-abc.de", "xn--a.de",
      "日本語.jp",      "faß.de",           "a..b",        "",             ".",             "a b.com", "مثال.إختبار",
      "1.\u0661",       "a\xC0\x80.de",     "xn--abß.p",   "⒈.com",        "ÖBB.at",        "xn--ls8h.la", "a\xFF",
      "\xE2\x80",       "www.Example.ORG",  "münchen.de",  "xn--mnchen-3ya.de"};
  names.push_back(std::string(70, 'a').append(".com"));
  names.push_back(std::string(300, 'b'));
  std::string long_unicode;
  for (int i = 0; i < 40; ++i) long_unicode.append("\u00FC.");
  names.push_back(long_unicode);
  return names;
}

// The corpus names when present (up to n), else the sample names.
std::vector<std::string> corpus_names(const char* file, std::size_t n) {
  std::vector<std::string> names;
  std::ifstream in(std::string(PUNY_CORPUS_DIR) + "/" + file);
  for (std::string line; names.size() < n && std::getline(in, line);) names.push_back(line);
  if (names.empty()) names = sample_names();
  return names;
}

std::vector<std::string_view> views_of(const std::vector<std::string>& names) {
  return std::vector<std::string_view>(names.begin(), names.end());
}

// Name i of the batch against the one-name call.
void expect_same(const puny::idna_result& one, std::string_view one_out, const batch_item& item,
                 std::string_view batch_out, const std::string& name) {
  EXPECT_EQ(item.code, one.code) << name;
  EXPECT_EQ(item.errors.bits(), one.errors.bits()) << name;
  EXPECT_EQ(item.label, one.label) << name;
  EXPECT_EQ(item.position, one.position) << name;
  EXPECT_EQ(item.size, one.written) << name;
  EXPECT_EQ(batch_out, one_out) << name;
}

struct direction {
  const char* name;
  bool unicode;
};

class Batch : public testing::TestWithParam<direction> {
 protected:
  puny::idna_result one(std::string_view name, std::string& out, const idna_options& o) const {
    out.assign(4 * name.size() + 64, '\0');
    const puny::idna_result r = GetParam().unicode ? puny::to_unicode(name, std::span<char>(out), o)
                                                   : puny::to_ascii(name, std::span<char>(out), o);
    out.resize(r.written);
    return r;
  }
  puny::batch_result batch(std::span<const std::string_view> names, std::span<char> out,
                           std::span<batch_item> items, const idna_options& o) const {
    return GetParam().unicode ? puny::to_unicode_batch(names, out, items, o)
                              : puny::to_ascii_batch(names, out, items, o);
  }
  puny::batch_converted all(std::span<const std::string_view> names, const idna_options& o) const {
    return GetParam().unicode ? puny::to_unicode_batch(names, o) : puny::to_ascii_batch(names, o);
  }
};

INSTANTIATE_TEST_SUITE_P(Directions, Batch,
                         testing::Values(direction{"to_ascii", false}, direction{"to_unicode", true}),
                         [](const testing::TestParamInfo<direction>& info) { return std::string(info.param.name); });

TEST_P(Batch, EachNameAsTheOneNameCallForEveryProfile) {
  std::vector<std::string> names = sample_names();
  for (const char* file : {"mixed.txt", "unicode.txt"}) {
    const std::vector<std::string> more = corpus_names(file, 3000);
    names.insert(names.end(), more.begin(), more.end());
  }
  const std::vector<std::string_view> views = views_of(names);
  for (const idna_profile p : {idna_profile::uts46, idna_profile::whatwg, idna_profile::transitional,
                               idna_profile::display}) {
    const idna_options o = idna_options::for_profile(p);
    const puny::batch_converted c = all(views, o);
    ASSERT_EQ(c.size(), names.size());
    std::size_t failed = 0;
    std::size_t at = 0;
    for (std::size_t i = 0; i < names.size(); ++i) {
      std::string out;
      const puny::idna_result r = one(names[i], out, o);
      expect_same(r, out, c.items[i], c[i], names[i]);
      // Packed in order, nothing between them.
      EXPECT_EQ(c.items[i].offset, at) << names[i];
      at += c.items[i].size;
      failed += r.ok() ? 0 : 1;
      if (HasFailure()) return;
    }
    EXPECT_EQ(at, c.text.size());
    EXPECT_EQ(c.failed, failed);
    EXPECT_GT(failed, 0u);
    EXPECT_LT(failed, names.size());
  }
}

// Output room from none to plenty: the batch stops before the first name
// that does not fit, says what it needs, and a call from there with that
// room converts it.
TEST_P(Batch, StopsWhereTheRoomEndsAndResumes) {
  const std::vector<std::string> names = sample_names();
  const std::vector<std::string_view> views = views_of(names);
  const idna_options o;
  const puny::batch_converted whole = all(views, o);
  std::mt19937 rng(20261127);
  for (int round = 0; round < 200; ++round) {
    std::vector<batch_item> items(names.size());
    std::string text;
    std::size_t done = 0;
    int calls = 0;
    std::size_t at_least = 0;
    while (done < names.size()) {
      // Random room, but never less than the last call said the next name
      // needs, so that every call converts at least that name.
      const std::size_t room = std::max(at_least, std::uniform_int_distribution<std::size_t>(0, 40)(rng));
      std::string out(room, '\0');
      std::vector<batch_item> part(names.size() - done);
      const puny::batch_result r =
          batch(std::span(views).subspan(done), std::span<char>(out), std::span<batch_item>(part), o);
      ASSERT_LE(r.written, room);
      for (std::size_t i = 0; i < r.done; ++i) {
        items[done + i] = part[i];
        items[done + i].offset += text.size();
      }
      text.append(out, 0, r.written);
      if (at_least != 0) {
        ASSERT_GT(r.done, 0u) << names[done];
      }
      done += r.done;
      at_least = 0;
      if (done < names.size()) {
        at_least = r.needed;
        // The next name needs more than what was left.
        ASSERT_GT(r.needed, room - r.written) << names[done];
        std::string big(r.needed, '\0');
        batch_item item;
        const puny::batch_result next =
            batch(std::span(views).subspan(done, 1), std::span<char>(big), std::span(&item, 1), o);
        ASSERT_EQ(next.done, 1u) << names[done];
        ASSERT_LE(next.written, r.needed);
      }
      ASSERT_LT(++calls, 10000);
    }
    ASSERT_EQ(text, whole.text);
    for (std::size_t i = 0; i < names.size(); ++i) {
      EXPECT_EQ(items[i].offset, whole.items[i].offset);
      EXPECT_EQ(items[i].size, whole.items[i].size);
      EXPECT_EQ(items[i].errors.bits(), whole.items[i].errors.bits());
    }
  }
}

TEST_P(Batch, StopsWhereTheItemsEnd) {
  const std::vector<std::string> names = sample_names();
  const std::vector<std::string_view> views = views_of(names);
  std::string out(4096, '\0');
  std::vector<batch_item> items(5);
  const puny::batch_result r = batch(views, std::span<char>(out), std::span<batch_item>(items), {});
  EXPECT_EQ(r.done, 5u);
  EXPECT_EQ(r.needed, 0u);
  const puny::batch_result none = batch({}, std::span<char>(out), std::span<batch_item>(items), {});
  EXPECT_EQ(none.done, 0u);
  EXPECT_EQ(none.written, 0u);
}

// ---------------------------------------------------------------------------
// The C API over one buffer and offsets.

struct packed_names {
  std::string data;
  std::vector<size_t> offsets{0};
};

packed_names pack(const std::vector<std::string>& names) {
  packed_names p;
  for (const std::string& s : names) {
    p.data += s;
    p.offsets.push_back(p.data.size());
  }
  return p;
}

TEST_P(Batch, CApiAgreesWithTheCppBatch) {
  const std::vector<std::string> names = corpus_names("mixed.txt", 1000);
  const packed_names p = pack(names);
  const std::vector<std::string_view> views = views_of(names);
  const puny::batch_converted c = all(views, {});
  const puny_options o = puny_profile_options(PUNY_PROFILE_UTS46);
  const auto call = GetParam().unicode ? &puny_to_unicode_batch : &puny_to_ascii_batch;
  // Room for a third of the output at a time: resumed until done.
  const std::size_t room = c.text.size() / 3 + 300;
  std::vector<puny_batch_item> items(names.size());
  std::string text;
  std::size_t done = 0;
  std::size_t failed = 0;
  while (done < names.size()) {
    std::string out(room, '\0');
    puny_batch_result r{};
    const int status = call(p.data.data(), p.offsets.data() + done, names.size() - done, o, out.data(), out.size(),
                            items.data() + done, &r);
    ASSERT_EQ(status, r.done == names.size() - done ? PUNY_OK : PUNY_OUTPUT_TOO_SMALL);
    for (std::size_t i = done; i < done + r.done; ++i) items[i].offset += text.size();
    text.append(out, 0, r.written);
    done += r.done;
    failed += r.failed;
    ASSERT_GT(r.done, 0u);
  }
  EXPECT_EQ(text, c.text);
  EXPECT_EQ(failed, c.failed);
  for (std::size_t i = 0; i < names.size(); ++i) {
    const puny::batch_item& x = c.items[i];
    const int expected = x.code != puny::status::success ? static_cast<int>(x.code)
                         : x.errors.empty()              ? PUNY_OK
                                                         : PUNY_IDNA_ERRORS;
    EXPECT_EQ(items[i].status, expected) << names[i];
    EXPECT_EQ(items[i].errors, x.errors.bits()) << names[i];
    EXPECT_EQ(items[i].offset, x.offset) << names[i];
    EXPECT_EQ(items[i].size, x.size) << names[i];
    EXPECT_EQ(items[i].label, x.label) << names[i];
  }
}

TEST(BatchCApi, RejectsBadArguments) {
  const std::string data = "a.com" "b.de";
  const size_t offsets[] = {0, 5, 9};
  const size_t decreasing[] = {0, 5, 4};
  char out[64];
  puny_batch_item items[2];
  puny_batch_result r{};
  const puny_options o = puny_profile_options(PUNY_PROFILE_UTS46);
  EXPECT_EQ(puny_to_ascii_batch(data.data(), offsets, 2, o, out, sizeof out, items, &r), PUNY_OK);
  EXPECT_EQ(r.done, 2u);
  EXPECT_EQ(std::string_view(out, r.written), "a.comb.de");
  EXPECT_EQ(puny_to_ascii_batch(data.data(), decreasing, 2, o, out, sizeof out, items, &r), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_to_ascii_batch(nullptr, offsets, 2, o, out, sizeof out, items, &r), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_to_ascii_batch(data.data(), nullptr, 2, o, out, sizeof out, items, &r), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_to_ascii_batch(data.data(), offsets, 2, o, out, sizeof out, nullptr, &r), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_to_ascii_batch(data.data(), offsets, 2, o, nullptr, 8, items, &r), PUNY_INVALID_ARGUMENT);
  EXPECT_EQ(puny_to_unicode_batch(data.data(), offsets, 2, ~puny_options{0}, out, sizeof out, items, &r),
            PUNY_INVALID_ARGUMENT);
  // No names: nothing to do, whatever the pointers.
  EXPECT_EQ(puny_to_ascii_batch(nullptr, nullptr, 0, o, nullptr, 0, nullptr, &r), PUNY_OK);
  EXPECT_EQ(r.done, 0u);
  // No room: the first name is not converted and its need is told.
  EXPECT_EQ(puny_to_ascii_batch(data.data(), offsets, 2, o, out, 3, items, &r), PUNY_OUTPUT_TOO_SMALL);
  EXPECT_EQ(r.done, 0u);
  EXPECT_EQ(r.needed, 5u);
  EXPECT_EQ(puny_to_ascii_batch(data.data(), offsets, 2, o, out, 3, items, nullptr), PUNY_OUTPUT_TOO_SMALL);
}

}  // namespace
