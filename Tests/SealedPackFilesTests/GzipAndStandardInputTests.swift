import Foundation
import SealedSupport
import SealedPackFiles
import Testing

@Suite struct GzipAndStandardInputTests {
  @Test(arguments: [
    ("packs.csv", CSVPackFileTests.sample), ("packs.txt", TextListFileTests.sample),
    ("draft.csv", SeventeenLandsFileTests.sample),
  ])
  func gzipAndPlainGiveTheSameBoosters(_ name: String, _ text: String) throws {
    let plain = try PackFileTesting.read(try PackFileTesting.file(name, text))
    let gzipPath = try PackFileTesting.file(name + ".gz", try PackFileTesting.gzip(Array(text.utf8)))
    var reader = try PackFileReader(path: gzipPath)
    let gzipped = reader.isGzipped
    #expect(gzipped)
    var boosters: [ListedBooster] = []
    while let booster = try reader.next() { boosters.append(booster) }
    #expect(boosters == plain)
    // A gzipped file named without .gz is still recognized by its magic bytes.
    let unnamed = try PackFileTesting.file(name, try PackFileTesting.gzip(Array(text.utf8)))
    #expect(try PackFileTesting.read(unnamed) == plain)
  }

  @Test func multiMemberGzipIsOneStream() throws {
    let lines = CSVPackFileTests.sample.split(separator: "\n", omittingEmptySubsequences: false)
    let head = lines.prefix(3).joined(separator: "\n") + "\n"
    let tail = lines.dropFirst(3).joined(separator: "\n")
    let bytes = try PackFileTesting.gzip(Array(head.utf8)) + PackFileTesting.gzip(Array(tail.utf8))
    let path = try PackFileTesting.file("packs.csv.gz", bytes)
    let plain = try PackFileTesting.read(try PackFileTesting.file("packs.csv", CSVPackFileTests.sample))
    #expect(try PackFileTesting.read(path) == plain)
  }

  @Test func truncatedGzipIsAnError() throws {
    let text = String(repeating: "booster,set,collector_number\n", count: 1) + (1...5000).map { "b\($0 / 15),war,\($0)\n" }.joined()
    let bytes = try PackFileTesting.gzip(Array(text.utf8))
    let path = try PackFileTesting.file("packs.csv.gz", Array(bytes.prefix(bytes.count / 2)))
    let error = try #require(PackFileTesting.error(path))
    // The lines before the cut were read: the error says after which.
    #expect(try #require(error.firstMatch(of: /^(.*): gzip data is truncated \(the file ends inside the compressed stream\), after line (\d+)$/)).1 == path, "\(error)")
  }

  @Test func corruptGzipIsAnError() throws {
    var bytes = try PackFileTesting.gzip(Array(CSVPackFileTests.sample.utf8))
    for index in 12..<min(40, bytes.count) { bytes[index] ^= 0x5A }
    let path = try PackFileTesting.file("packs.csv.gz", bytes)
    let error = try #require(PackFileTesting.error(path))
    // Where the reading stood is no line of the data: the error names the file alone.
    #expect(error.hasPrefix(path + ": gzip data is corrupt ("), "\(error)")
    #expect(!error.contains("\n"))
  }

  /// One bit flipped inside the compressed data inflates, as often as not, to wrong rows that
  /// zlib's check refuses only at the end: the error names the damage, not the row it broke (a
  /// review: `row has 4 fields, the header has 5`, `foil is "falsKT"`).
  @Test func aFlippedBitIsNamedAsDamageNotAsARow() throws {
    let text = "booster,set,collector_number,name,foil\n" + (1...3000).map { "b\($0 / 15),war,\($0 % 250 + 1),Card \($0),false\n" }.joined()
    let clean = try PackFileTesting.gzip(Array(text.utf8))
    var inflatedWrong = 0
    for position in stride(from: 40, to: clean.count - 40, by: clean.count / 40) {
      var bytes = clean
      bytes[position] ^= 0x08
      let path = try PackFileTesting.file("flipped.csv.gz", bytes)
      guard let error = PackFileTesting.error(path) else { continue }
      #expect(error.contains(": gzip data is "), "byte \(position): \(error)")
      if error.contains("the rows inflated from it are not the file's") { inflatedWrong += 1 }
    }
    #expect(inflatedWrong > 0)
    // A file cut short inflated its rows as written: a bad row's own error stands (it was
    // replaced by "the rows inflated from it are not the file's": a review).
    let bad = "booster,set,collector_number\nb1,war\n" + (1...3000).map { "b\($0 / 15),war,\($0 % 250 + 1)\n" }.joined()
    let zipped = try PackFileTesting.gzip(Array(bad.utf8))
    let cut = try PackFileTesting.file("cut.csv.gz", Array(zipped.prefix(zipped.count * 3 / 4)))
    let error = try #require(PackFileTesting.error(cut))
    #expect(error.hasPrefix(cut + ":2: row has 2 fields, the header has 3"), "\(error)")
  }

  @Test func inMemoryBytesReadLikeAFile() throws {
    var reader = try PackFileReader(bytes: try PackFileTesting.gzip(Array(TextListFileTests.sample.utf8)), source: "pasted")
    var labels: [String] = []
    while let booster = try reader.next() { labels.append(booster.label) }
    #expect(labels == ["booster 1", "Pack 2"])
  }

  /// `-` reads standard input: fd 0 is pointed at a pipe for the length of the test.
  @Test func dashReadsStandardInput() throws {
    let pipe = Pipe()
    let saved = dup(0)
    #expect(dup2(pipe.fileHandleForReading.fileDescriptor, 0) == 0)
    defer {
      dup2(saved, 0)
      close(saved)
    }
    let bytes = try PackFileTesting.gzip(Array(CSVPackFileTests.sample.utf8))
    let writer = Thread {
      pipe.fileHandleForWriting.write(Data(bytes))
      try? pipe.fileHandleForWriting.close()
    }
    writer.start()
    var reader = try PackFileReader(path: "-")
    let (source, format) = (reader.source, reader.format)
    #expect(source == "<stdin>")
    #expect(format == .csv)
    var boosters: [ListedBooster] = []
    while let booster = try reader.next() { boosters.append(booster) }
    try? pipe.fileHandleForReading.close()
    let plain = try PackFileTesting.read(try PackFileTesting.file("packs.csv", CSVPackFileTests.sample))
    #expect(boosters == plain)
  }
}
