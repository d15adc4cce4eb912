import Foundation
import SealedSupport
import SealedTestSupport
import Testing

/// The build ID Sealed keys its caches by, read from ELF files: the test program's own against
/// binutils' `readelf -n`, and small ELF files made here byte by byte.
@Suite struct ExecutableBuildIDTests {
  @Test func theRunningProgramsIDIsTheOneReadelfPrints() throws {
    // readelf runs as a process of its own, so it is given the test program's path.
    let program = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    let ours = try SealedExecutable.run(["readelf", "-n", program], executable: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(ours.status == 0, "\(ours.stderr)")
    let printed = ours.stdout.split(separator: "\n").compactMap { line -> String? in
      guard let range = line.range(of: "Build ID: ") else { return nil }
      return String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces)
    }
    #expect(printed.count == 1, "\(ours.stdout)")
    #expect(ExecutableBuildID.current == printed.first)
    #expect(ExecutableBuildID.read(path: program) == printed.first)
  }

  @Test func theIDIsTheGNUNoteOfTypeThreeAfterOtherNotes() throws {
    let dir = try Fixtures.temporaryDirectory()
    let abiTag = Self.note(name: "GNU", type: 1, descriptor: [0, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0])
    let otherOwner = Self.note(name: "Go", type: 3, descriptor: [9, 9, 9])
    let id = Self.note(name: "GNU", type: 3, descriptor: [0xf7, 0x2e, 0xda, 0x96, 0x00, 0x01])
    let path = dir.appendingPathComponent("program").path
    try Data(Self.elf(notes: abiTag + otherOwner + id)).write(to: URL(fileURLWithPath: path))
    #expect(ExecutableBuildID.read(path: path) == "f72eda960001")

    try Data(Self.elf(notes: abiTag + otherOwner)).write(to: URL(fileURLWithPath: path))
    #expect(ExecutableBuildID.read(path: path) == nil)
  }

  @Test func filesThatAreNotWholeELFProgramsHaveNoID() throws {
    let dir = try Fixtures.temporaryDirectory()
    let whole = Self.elf(notes: Self.note(name: "GNU", type: 3, descriptor: [1, 2, 3, 4]))
    let cases: [(String, [UInt8])] = [
      ("text", Array("#!/bin/sh\necho hello\n".utf8)),
      ("empty", []),
      ("cut in the header", Array(whole.prefix(40))),
      ("cut in the note", Array(whole.dropLast(3))),
      ("32-bit", { var bytes = whole; bytes[4] = 1; return bytes }()),
    ]
    for (name, bytes) in cases {
      let path = dir.appendingPathComponent(name).path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      #expect(ExecutableBuildID.read(path: path) == nil, "\(name)")
    }
    #expect(ExecutableBuildID.read(path: dir.appendingPathComponent("missing").path) == nil)
  }

  /// One ELF note: name size, descriptor size, type, then the name (with its NUL) and the
  /// descriptor, each padded to 4 bytes.
  static func note(name: String, type: UInt32, descriptor: [UInt8]) -> [UInt8] {
    let nameBytes = Array(name.utf8) + [0]
    let pad = { (bytes: [UInt8]) in bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4) }
    return little(UInt32(nameBytes.count)) + little(UInt32(descriptor.count)) + little(type) + pad(nameBytes) + pad(descriptor)
  }

  /// A 64-bit little-endian ELF file of a header, one program header (PT_NOTE) and `notes`.
  static func elf(notes: [UInt8]) -> [UInt8] {
    var header = [UInt8](repeating: 0, count: 64)
    header.replaceSubrange(0..<6, with: [0x7f, 0x45, 0x4c, 0x46, 2, 1])
    header.replaceSubrange(32..<40, with: little(UInt64(64)))  // e_phoff
    header.replaceSubrange(54..<56, with: little(UInt16(56)))  // e_phentsize
    header.replaceSubrange(56..<58, with: little(UInt16(1)))  // e_phnum
    var program = [UInt8](repeating: 0, count: 56)
    program.replaceSubrange(0..<4, with: little(UInt32(4)))  // PT_NOTE
    program.replaceSubrange(8..<16, with: little(UInt64(120)))  // p_offset
    program.replaceSubrange(32..<40, with: little(UInt64(notes.count)))  // p_filesz
    return header + program + notes
  }

  static func little<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    (0..<MemoryLayout<T>.size).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }
}
