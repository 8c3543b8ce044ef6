// Zip archives made at test time, with every field a hostile archive could lie in under the
// test's control: names, declared sizes, CRC, flags, method. Entries are stored or deflated
// (zlib, raw), no data descriptors, no zip64.
#pragma once

#include <zlib.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace px::collada::testing {

struct ZipItem {
  std::string name;
  std::string data;
  bool deflate = false;
  // What the headers say, when not the truth.
  std::optional<uint32_t> declared_size{};
  std::optional<uint32_t> crc{};
  uint16_t flags = 0;
  std::optional<uint16_t> method{};
};

inline void put16(std::string& out, uint32_t v) {
  out.push_back(static_cast<char>(v & 0xff));
  out.push_back(static_cast<char>((v >> 8) & 0xff));
}
inline void put32(std::string& out, uint32_t v) {
  put16(out, v & 0xffff);
  put16(out, v >> 16);
}

inline std::string raw_deflate(std::string_view data) {
  z_stream z{};
  deflateInit2(&z, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&z, data.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

inline std::string zip(const std::vector<ZipItem>& items) {
  std::string out;
  std::string directory;
  for (const ZipItem& item : items) {
    const std::string stored = item.deflate ? raw_deflate(item.data) : item.data;
    const uint32_t crc = item.crc.value_or(static_cast<uint32_t>(crc32(
        0, reinterpret_cast<const Bytef*>(item.data.data()), static_cast<uInt>(item.data.size()))));
    const uint32_t size = item.declared_size.value_or(static_cast<uint32_t>(item.data.size()));
    const uint16_t method = item.method.value_or(item.deflate ? 8 : 0);
    const uint32_t offset = static_cast<uint32_t>(out.size());
    auto common = [&](std::string& header) {
      put16(header, 20);  // version needed
      put16(header, item.flags);
      put16(header, method);
      put32(header, 0);  // time and date
      put32(header, crc);
      put32(header, static_cast<uint32_t>(stored.size()));
      put32(header, size);
      put16(header, static_cast<uint32_t>(item.name.size()));
      put16(header, 0);  // extra field
    };
    put32(out, 0x04034b50);
    common(out);
    out += item.name;
    out += stored;
    put32(directory, 0x02014b50);
    put16(directory, 20);  // version made by
    common(directory);
    put16(directory, 0);  // comment
    put16(directory, 0);  // disk
    put16(directory, 0);  // internal attributes
    put32(directory, 0);  // external attributes
    put32(directory, offset);
    directory += item.name;
  }
  const uint32_t directory_offset = static_cast<uint32_t>(out.size());
  out += directory;
  put32(out, 0x06054b50);
  put16(out, 0);
  put16(out, 0);
  put16(out, static_cast<uint32_t>(items.size()));
  put16(out, static_cast<uint32_t>(items.size()));
  put32(out, static_cast<uint32_t>(directory.size()));
  put32(out, directory_offset);
  put16(out, 0);
  return out;
}

}  // namespace px::collada::testing
