// The register tables of docs/register-map.md, printed from the register table so the
// doc cannot disagree with the code (the test hal_register_doc compares them).
#include <string>

#include "register_export.hpp"

namespace a2a::hal::map::exporter {
namespace {

std::string access_text(const RegisterInfo& r) {
  std::string s;
  switch (r.access) {
    case Access::read_only: s = "RO"; break;
    case Access::read_write: s = "RW"; break;
    case Access::write_only: s = "WO"; break;
    case Access::reserved: return "-";
  }
  if (r.shadow) s += " shadow";
  if (!r.access_note.empty()) s += " (" + std::string(r.access_note) + ")";
  return s;
}

std::string reset_text(const RegisterInfo& r) {
  if (r.kind == Kind::reserved) return "reads 0, writes ignored";
  if (r.access == Access::write_only) return "reads 0";
  switch (r.reset_from) {
    case ResetFrom::cap_ports: return "MaxPorts";
    case ResetFrom::cap_shape:  // the constant part (MIN_RADIX, MAX_RADIX, OPTICAL) computed, not retyped
      return doc_hex(reset_of(r, Capacity{2, 0}), 8) + " + MaxStages (see fields)";
    case ResetFrom::value: break;
  }
  return r.reset == 0 ? "0" : doc_hex(r.reset, 8);
}

std::string name_text(const RegisterInfo& r) {
  std::string s(r.name);
  if (!r.index0.empty()) s += "[" + std::string(r.index0) + "]";
  if (!r.index1.empty()) s += "[" + std::string(r.index1) + "]";
  return s;
}

std::string count_text(const RegisterInfo& r) {
  if (r.kind != Kind::array) return std::to_string(r.words);
  std::string s(dim_symbol(r.outer));
  if (r.inner != Dim::one) s += " x " + std::string(dim_symbol(r.inner));
  return s;
}

// "4 MaxStages FaultWordsPerStage": the bytes an array takes, as the doc writes it.
std::string bytes_text(const RegisterInfo& r) {
  std::string s = "4 " + std::string(dim_symbol(r.outer));
  if (r.inner != Dim::one) s += " " + std::string(dim_symbol(r.inner));
  return s;
}

std::string register_table() {
  std::string out = "| register | offset | count | access | reset |\n| --- | --- | --- | --- | --- |\n";
  const RegisterInfo* previous_array = nullptr;
  for (const RegisterInfo& r : kRegisters) {
    std::string where;
    if (r.kind == Kind::array) {
      // Each array starts where the one before it ends: the offset is that expression.
      where = std::string(r.base_symbol) + " = ";
      if (previous_array == nullptr)
        where += doc_hex(kArraysOffset, 3);
      else
        where += std::string(previous_array->base_symbol) + " + " + bytes_text(*previous_array);
      where += ", + 4 ";
      where += r.inner == Dim::one ? std::string(r.index0)
                                   : "(" + std::string(r.index0) + " " + std::string(dim_symbol(r.inner)) + " + " +
                                         std::string(r.index1) + ")";
      previous_array = &r;
    } else {
      where = doc_hex(r.offset, 3);
      if (r.words > 1) where += "-" + doc_hex(r.offset + 4 * (r.words - 1), 3);
    }
    out += "| " + name_text(r) + " | " + where + " | " + count_text(r) + " | " + access_text(r) + " | " +
           reset_text(r) + " |\n";
  }
  if (previous_array != nullptr)
    out += "\nBlock size = " + std::string(previous_array->base_symbol) + " + " + bytes_text(*previous_array) +
           ". Two instances:\n";

  // The doc's two example capacities: the smallest useful board block and the largest.
  constexpr Capacity kExamples[] = {{256, 8}, {65536, 16}};
  out += "\n|";
  for (const Capacity& c : kExamples)
    out += " | `FabricLayout<" + std::to_string(c.max_ports) + ", " + std::to_string(c.max_stages) + ">`";
  out += " |\n| --- | --- | --- |\n";
  for (const RegisterInfo& r : kRegisters) {
    if (r.kind != Kind::array) continue;
    out += "| " + std::string(r.name) + (r.inner == Dim::one ? "[0]" : "[0][0]");
    for (const Capacity& c : kExamples) out += " | " + doc_hex(offset_of(r, c), 3);
    out += " |\n";
  }
  out += "| size";
  for (const Capacity& c : kExamples)
    out += " | " + doc_hex(block_size(c), 3) + " (" + std::to_string(block_size(c)) + " bytes)";
  out += " |\n";
  return out;
}

std::string field_table() {
  std::string out = "| register | field | bits | access | meaning |\n| --- | --- | --- | --- | --- |\n";
  for (std::size_t i = 0; i < kRegisters.size(); ++i) {
    const RegisterInfo& r = kRegisters[i];
    // Neighbours with the same fields (the counters) share their rows: "FIRST .. LAST".
    std::string name = name_text(r);
    std::size_t last = i;
    while (!r.fields.empty() && last + 1 < kRegisters.size() && kRegisters[last + 1].fields.data() == r.fields.data())
      ++last;
    if (last != i) name += " .. " + name_text(kRegisters[last]);
    i = last;
    for (const FieldInfo& f : r.fields) {
      const unsigned lsb = f.bit_offset;
      const unsigned msb = lsb + f.bit_width - 1U;
      std::string bits = "[";
      if (f.bit_width != 1) bits.append(std::to_string(msb)).append(":");
      bits.append(std::to_string(lsb)).append("]");
      std::string_view access = "RW";
      if (f.access == Access::read_only) access = "RO";
      if (f.access == Access::write_only) access = "WO";
      out.append("| ").append(name).append(" | ").append(f.name).append(" | ").append(bits).append(" | ");
      out.append(access).append(" | ").append(f.description).append(" |\n");
    }
  }
  return out;
}

}  // namespace

std::string hex_digits(std::uint64_t value, unsigned digits) {
  constexpr std::string_view kDigits = "0123456789ABCDEF";
  std::string hex;
  do {
    hex.insert(hex.begin(), kDigits[value & 0xFU]);
    value >>= 4;
  } while (value != 0);
  if (hex.size() < digits) hex.insert(0, digits - hex.size(), '0');
  return hex;
}

std::string doc_hex(std::uint64_t value, unsigned digits) {
  const std::string hex = hex_digits(value, digits);
  std::string out;
  for (std::size_t i = 0; i < hex.size(); ++i) {
    if (i != 0 && (hex.size() - i) % 4 == 0 && hex.size() > 4) out += '_';
    out += hex[i];
  }
  return "0x" + out;
}

std::string markdown(std::string_view name) {
  if (name == "register-table") return register_table();
  if (name == "register-fields") return field_table();
  return {};
}

}  // namespace a2a::hal::map::exporter
