internal import CStb

/// The only place Sealed calls Sean Barrett's stb libraries (Debian's libstb: stb_image,
/// stb_image_write and stb_image_resize). Each wrapper is a thin call; checking paths and sizes
/// is the callers' job.
enum Stb {
  /// Why stb could not do something, in stb's words.
  struct Failure: Error {
    var reason: String
  }

  /// Decodes a JPEG, PNG, BMP, GIF (first frame), TGA, PSD, HDR or PNM file into 8-bit RGB.
  ///
  /// The corresponding stb functions are `stbi_load` and `stbi_image_free`.
  static func load(path: String) throws(Failure) -> RGBImage {
    var width: Int32 = 0
    var height: Int32 = 0
    var channels: Int32 = 0
    guard let data = stbi_load(path, &width, &height, &channels, 3) else {
      throw Failure(reason: stbi_failure_reason().map { String(cString: $0) } ?? "unknown error")
    }
    defer { stbi_image_free(data) }
    let count = Int(width) * Int(height) * 3
    let pixels = [UInt8](UnsafeBufferPointer(start: data, count: count))
    return RGBImage(width: Int(width), height: Int(height), pixels: pixels)
  }

  /// Resamples an image to a new size (stb's default filters: Mitchell when shrinking, cubic
  /// B-spline when enlarging).
  ///
  /// The corresponding stb function is `stbir_resize_uint8`.
  static func resize(_ image: RGBImage, width: Int, height: Int) throws(Failure) -> RGBImage {
    var output = [UInt8](repeating: 0, count: width * height * 3)
    let status = image.pixels.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { result in
        stbir_resize_uint8(
          input.baseAddress, Int32(image.width), Int32(image.height), 0, result.baseAddress,
          Int32(width), Int32(height), 0, 3)
      }
    }
    guard status != 0 else { throw Failure(reason: "resizing failed") }
    return RGBImage(width: width, height: height, pixels: output)
  }

  /// Writes a baseline JPEG at `quality` (1 to 100).
  ///
  /// The corresponding stb function is `stbi_write_jpg`.
  static func writeJPEG(_ image: RGBImage, path: String, quality: Int) throws(Failure) {
    let status = image.pixels.withUnsafeBufferPointer {
      stbi_write_jpg(path, Int32(image.width), Int32(image.height), 3, $0.baseAddress, Int32(quality))
    }
    guard status != 0 else { throw Failure(reason: "writing the JPEG failed") }
  }

  /// Writes a PNG.
  ///
  /// The corresponding stb function is `stbi_write_png`.
  static func writePNG(_ image: RGBImage, path: String) throws(Failure) {
    let status = image.pixels.withUnsafeBufferPointer {
      stbi_write_png(path, Int32(image.width), Int32(image.height), 3, $0.baseAddress, Int32(image.width * 3))
    }
    guard status != 0 else { throw Failure(reason: "writing the PNG failed") }
  }
}
