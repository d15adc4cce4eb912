import Foundation
import SealedSupport

/// Reading and writing image files, with one-line errors that name the file.
package enum ImageFile {
  /// The file types `write` can produce, by extension.
  package enum Format: Sendable {
    case jpeg, png

    /// The format for a path's extension (`.jpg`, `.jpeg`, `.png`), or nil.
    package init?(path: String) {
      switch (path as NSString).pathExtension.lowercased() {
      case "jpg", "jpeg": self = .jpeg
      case "png": self = .png
      default: return nil
      }
    }
  }

  /// The JPEG quality `write` uses: high enough that card text stays legible.
  package static let jpegQuality = 90

  /// Decodes an image file (JPEG, PNG and the other formats stb_image reads) into RGB.
  package static func read(_ path: String) throws(DataError) -> RGBImage {
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw DataError(FileManager.default.fileExists(atPath: path) ? "cannot read the image (permission denied)" : "no such image", at: path)
    }
    do {
      return try Stb.load(path: path)
    } catch {
      // stb_image gives no reason for some files cut short (a PNG without its last chunks).
      let reason = error.reason.isEmpty ? "the data is cut short or corrupt" : error.reason
      throw DataError("cannot decode the image (\(reason)); expected a JPEG or PNG file", at: path)
    }
  }

  /// Encodes `image` as JPEG or PNG, chosen by the path's extension, into an `AtomicFile`'s
  /// temporary file beside the target, renamed into place, so an existing file is replaced whole
  /// or not at all, and only with `force` (`OutputFile`, the `--sheet` file).
  package static func write(_ image: RGBImage, to path: String, force: Bool) throws(DataError) {
    guard let format = Format(path: path) else {
      throw DataError("unknown image type; expected a file name ending in .jpg, .jpeg or .png", at: path)
    }
    try OutputFile.checkWritable(path, option: "--sheet", force: force)
    // A missing folder is made, as for every file a command writes (it said "no such folder").
    try Folder.create(holding: path)
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let file = AtomicFile(path: path)
    do {
      switch format {
      case .jpeg: try Stb.writeJPEG(image, path: file.temporaryPath, quality: jpegQuality)
      case .png: try Stb.writePNG(image, path: file.temporaryPath)
      }
    } catch {
      file.discard()
      let reason = access(folder, W_OK) == 0 ? error.reason : "the folder is not writable"
      throw DataError("cannot write the image (\(reason))", at: path)
    }
    try OutputFile.commit(file, option: "--sheet", force: force)
  }
}
