import Foundation

/// The GNU build ID of an ELF program: the digest of its contents the linker writes into a
/// `.note.gnu.build-id` note (`readelf -n` prints it as "Build ID"), so that two programs with
/// the same ID are the same build. Sealed keys what it caches by it: a rebuilt `sealed`, with
/// any change to its code, never reads what an earlier build cached.
package enum ExecutableBuildID {
  /// The running program's build ID in lowercase hex, or nil when it has none (a linker that
  /// writes no note, a system without `/proc`). Read once per process.
  package static let current: String? = read(path: "/proc/self/exe")

  /// The build ID of the ELF file at `path` in lowercase hex, or nil when the file cannot be
  /// read, is not a 64-bit little-endian ELF file, or has no build-ID note. Cost: reads the
  /// ELF header, the program headers and the note segments (a few kilobytes), never the code.
  package static func read(path: String) -> String? {
    guard let file = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? file.close() }
    let read = { (offset: UInt64, count: Int) -> [UInt8]? in
      guard count > 0, count <= 1 << 20, (try? file.seek(toOffset: offset)) != nil,
        let data = try? file.read(upToCount: count), data.count == count
      else { return nil }
      return [UInt8](data)
    }
    guard let header = read(0, 64), header.starts(with: [0x7f, 0x45, 0x4c, 0x46, 2, 1]) else { return nil }
    let programHeaders = header.little(UInt64.self, at: 32)
    let entrySize = Int(header.little(UInt16.self, at: 54))
    let entries = Int(header.little(UInt16.self, at: 56))
    guard entrySize >= 56, let table = read(programHeaders, entrySize * entries) else { return nil }
    for entry in 0..<entries {
      let base = entry * entrySize
      guard table.little(UInt32.self, at: base) == 4 else { continue }  // PT_NOTE
      let offset = table.little(UInt64.self, at: base + 8)
      let size = table.little(UInt64.self, at: base + 32)
      if size <= 1 << 20, let notes = read(offset, Int(size)), let id = buildID(inNotes: notes) { return id }
    }
    return nil
  }

  /// The descriptor of the first note named "GNU" of type 3 (`NT_GNU_BUILD_ID`) in a note
  /// segment's bytes, as hex. Each note is a name size, a descriptor size and a type (32 bits
  /// each), then the name and the descriptor, each padded to 4 bytes.
  static func buildID(inNotes notes: [UInt8]) -> String? {
    var at = 0
    let padded = { (size: Int) in (size + 3) & ~3 }
    while at + 12 <= notes.count {
      let nameSize = Int(notes.little(UInt32.self, at: at))
      let descriptorSize = Int(notes.little(UInt32.self, at: at + 4))
      let type = notes.little(UInt32.self, at: at + 8)
      let name = at + 12
      let descriptor = name + padded(nameSize)
      guard nameSize <= notes.count, descriptorSize <= notes.count, descriptor + descriptorSize <= notes.count else { return nil }
      if type == 3, nameSize == 4, notes[name..<(name + 4)].elementsEqual([0x47, 0x4e, 0x55, 0]), descriptorSize > 0 {
        return notes[descriptor..<(descriptor + descriptorSize)].map { String(format: "%02x", $0) }.joined()
      }
      at = descriptor + padded(descriptorSize)
    }
    return nil
  }
}

extension [UInt8] {
  /// The little-endian integer at `offset` (which the caller has checked is in range).
  fileprivate func little<T: FixedWidthInteger>(_: T.Type, at offset: Int) -> T {
    var value: T = 0
    for index in (0..<MemoryLayout<T>.size).reversed() { value = value << 8 | T(self[offset + index]) }
    return value
  }
}
