// puny._puny — the names, location and explanation of a conversion's
// outcome: the codes of IDNAError and CheckResult.
#include <puny/explain.hpp>

#include "common.hpp"

namespace puny_py {

namespace {

/// Names (and, when `messages`, messages) of the standard's error bits.
template <class Set, class Name, class Message>
void names_of(std::uint32_t bits, Name name, Message message, std::vector<std::string_view>& out,
              std::vector<std::string>* messages) {
  for (auto e : Set::from_bits(bits)) {
    out.push_back(name(e));
    if (messages) messages->emplace_back(message(e));
  }
}

void standard_names(const config& c, std::uint32_t bits, std::vector<std::string_view>& out,
                    std::vector<std::string>* messages) {
  switch (c.std) {
    case standard::uts46:
      names_of<puny::idna_errors>(
          bits, [](puny::idna_code e) { return puny::name(e); }, [](puny::idna_code e) { return puny::message(e); },
          out, messages);
      break;
    case standard::idna2008:
      names_of<puny::idna2008::error_set>(
          bits, [](puny::idna2008::error e) { return puny::idna2008::name(e); },
          [](puny::idna2008::error e) { return puny::idna2008::message(e); }, out, messages);
      break;
    case standard::idna2003:
      names_of<puny::idna2003::error_set>(
          bits, [](puny::idna2003::error e) { return puny::idna2003::name(e); },
          [](puny::idna2003::error e) { return puny::idna2003::message(e); }, out, messages);
      break;
  }
}

}  // namespace

std::vector<std::string_view> code_names(const config& c, const outcome& o) {
  std::vector<std::string_view> out;
  if (o.not_a_string) {
    out.emplace_back("not_a_string");
  } else if (o.out_of_memory) {
    out.emplace_back("out_of_memory");
  } else {
    if (o.code != puny::status::success) out.push_back(puny::name(o.code));
    standard_names(c, o.errors, out, nullptr);
  }
  return out;
}

diagnosis diagnose(const config& c, direction d, const text& t, const outcome& o) {
  diagnosis dg;
  dg.label = o.label;
  if (o.not_a_string || o.out_of_memory) {
    for (auto n : code_names(c, o)) dg.codes.emplace_back(n);
    dg.messages.emplace_back(o.not_a_string ? "the element is not a str" : "out of memory");
    return dg;
  }
  if (o.code != puny::status::success) {
    dg.codes.emplace_back(puny::name(o.code));
    dg.position = o.position;
    std::string m(puny::message(o.code));
    if (o.code == puny::status::invalid_utf8) {
      m += " at byte " + std::to_string(o.position);
    } else if (o.code == puny::status::invalid_code_point) {
      m += " at index " + std::to_string(o.position);
    }
    dg.messages.push_back(std::move(m));
  }
  std::vector<std::string_view> names;
  std::vector<std::string> messages;
  standard_names(c, o.errors, names, &messages);
  for (auto n : names) dg.codes.emplace_back(n);

  if (c.std != standard::uts46) {
    if (o.code_point != 0 || o.offset != 0) {
      dg.position = o.offset;
      dg.code_point = o.code_point;
    }
    for (auto& m : messages) dg.messages.push_back(std::move(m));
    return dg;
  }
  if (o.errors == 0) return dg;
  // explain() keeps a record per code point (about 44 bytes each): past
  // this size (no DNS name comes near it) the codes and the label stand
  // alone, with the generic messages, so that a hostile 16 MB name costs
  // tens of megabytes, not most of a gigabyte.
  if (t.size() > explain_at_most) {
    for (auto& m : messages) dg.messages.push_back(std::move(m));
    return dg;
  }

  // UTS #46: explain() locates every violation; keep the outcome's codes
  // (ToUnicode's differ from ToASCII's: X4_2) and take explain's detail for
  // each code it lists, the generic message for the others.
  const puny::domain_explanation e =
      t.wide ? puny::explain(std::u32string_view(t.utf32), c.uts46) : puny::explain(t.utf8, c.uts46);
  const puny::idna_errors set = puny::idna_errors::from_bits(o.errors);
  const puny::idna_violation* where = nullptr;
  auto consider = [&](const puny::idna_violation& v) {
    if (!set.contains(v.code)) return;
    if (where == nullptr || (v.label == o.label && where->label != o.label) ||
        (v.label == where->label && v.has_position() &&
         (!where->has_position() || v.position < where->position))) {
      where = &v;
    }
  };
  for (const auto& l : e.labels)
    for (const auto& v : l.violations) consider(v);
  for (const auto& v : e.domain_violations) consider(v);
  if (where != nullptr && where->has_position() && (o.label == no_label || where->label == o.label)) {
    dg.position = where->position - 1;
    dg.code_point = where->code_point;
  }
  std::size_t i = 0;
  for (auto code : set) {
    const puny::idna_violation* first = nullptr;
    for (const auto& l : e.labels)
      for (const auto& v : l.violations)
        if (v.code == code && first == nullptr) first = &v;
    for (const auto& v : e.domain_violations)
      if (v.code == code && first == nullptr) first = &v;
    std::string m = first ? first->detail : messages[i];
    if (first && first->label != no_label) m = "label " + std::to_string(first->label) + ": " + m;
    dg.messages.push_back(std::move(m));
    ++i;
  }
  (void)d;
  return dg;
}

}  // namespace puny_py
