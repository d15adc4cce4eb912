import Foundation
import SealedSupport
import SealedTestSupport
import Testing

/// `OutputFile`: the one rule of every writer of a file a user names (issue 33).
@Suite struct OutputFileTests {
  @Test func anExistingFileIsReplacedOnlyWithForce() throws {
    let folder = try Fixtures.temporaryDirectory()
    let path = folder.appendingPathComponent("notes/deck.txt").path
    try OutputFile.write(Data("first\n".utf8), to: path, option: "--out", force: false)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "first\n")
    #expect(throws: DataError("the file exists; choose another --out, or pass --force to replace it", at: path)) {
      try OutputFile.write(Data("second\n".utf8), to: path, option: "--out", force: false)
    }
    #expect(throws: OutputFile.refusal(path, option: "--sheet")) { try OutputFile.checkWritable(path, option: "--sheet", force: false) }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "first\n")
    try OutputFile.write(Data("second\n".utf8), to: path, option: "--out", force: true)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "second\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("notes").path) == ["deck.txt"])
  }

  /// A file that appears between the check and the write is not replaced either: the new file
  /// is linked into place only if the name is still free.
  @Test func aFileThatAppearedMeanwhileIsKept() throws {
    let folder = try Fixtures.temporaryDirectory()
    let path = folder.appendingPathComponent("box.txt").path
    try OutputFile.checkWritable(path, option: "--out", force: false)
    let file = AtomicFile(path: path)
    try file.write(Data("mine\n".utf8))
    try Data("theirs\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: OutputFile.refusal(path, option: "--out")) { try OutputFile.commit(file, option: "--out", force: false) }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "theirs\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["box.txt"])
  }

  @Test func aFolderIsNeverReplacedByAFile() throws {
    let folder = try Fixtures.temporaryDirectory()
    #expect(throws: DataError("is a folder; expected the name of a file for --out", at: folder.path)) {
      try OutputFile.checkWritable(folder.path, option: "--out", force: true)
    }
  }

  /// `--out /dev/stdout` into a pipe: the link of /proc names `pipe:[N]`, no path; it was read
  /// as one (`/proc/self/fd/pipe:[1042638]: cannot write the file`, a review) and is now the
  /// pipe the link opens, which Sealed does not replace.
  @Test func aPipeNamedThroughProcIsRefusedByItsName() throws {
    let pipe = Pipe()
    let path = "/proc/self/fd/\(pipe.fileHandleForWriting.fileDescriptor)"
    #expect(linkTarget(of: path) == path)
    let error = #expect(throws: DataError.self) { try OutputFile.checkWritable(path, option: "--out", force: true) }
    #expect(error?.location == path)
    #expect(error?.message.hasPrefix("is not a regular file (a pipe, device or socket)") == true, "\(String(describing: error))")
  }
}
