/// An 8-bit RGB image held in memory, rows top to bottom, three bytes per pixel.
package struct RGBImage: Sendable, Equatable {
  /// One pixel.
  package struct Pixel: Sendable, Hashable, CustomStringConvertible {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    package init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
      self.red = red
      self.green = green
      self.blue = blue
    }

    package var description: String { "rgb(\(red), \(green), \(blue))" }

    /// The largest difference of one channel, for comparing pixels after lossy compression.
    package func distance(to other: Pixel) -> Int {
      max(
        abs(Int(red) - Int(other.red)), abs(Int(green) - Int(other.green)),
        abs(Int(blue) - Int(other.blue)))
    }
  }

  package let width: Int
  package let height: Int
  /// `width * height * 3` bytes.
  package private(set) var pixels: [UInt8]

  /// - Precondition: `pixels.count == width * height * 3`.
  package init(width: Int, height: Int, pixels: [UInt8]) {
    precondition(width > 0 && height > 0 && pixels.count == width * height * 3, "pixel data does not match \(width) x \(height)")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// An image of one colour.
  package init(width: Int, height: Int, color: Pixel) {
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    for index in stride(from: 0, to: pixels.count, by: 3) {
      pixels[index] = color.red
      pixels[index + 1] = color.green
      pixels[index + 2] = color.blue
    }
    self.init(width: width, height: height, pixels: pixels)
  }

  /// The pixel at column `x`, row `y` (0-based from the top left).
  package subscript(x: Int, y: Int) -> Pixel {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside \(width) x \(height)")
    let index = (y * width + x) * 3
    return Pixel(pixels[index], pixels[index + 1], pixels[index + 2])
  }

  /// Copies `image` onto this one with its top left corner at (`x`, `y`); it must fit.
  package mutating func draw(_ image: RGBImage, atX x: Int, y: Int) {
    precondition(
      x >= 0 && y >= 0 && x + image.width <= width && y + image.height <= height,
      "a \(image.width) x \(image.height) image does not fit at (\(x), \(y)) in \(width) x \(height)")
    let rowBytes = image.width * 3
    let targetWidth = width
    image.pixels.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { target in
        for row in 0..<image.height {
          let from = source.baseAddress! + row * rowBytes
          let to = target.baseAddress! + ((y + row) * targetWidth + x) * 3
          to.update(from: from, count: rowBytes)
        }
      }
    }
  }

  /// This image resampled to `width` x `height` (itself when it already has that size).
  package func resized(width: Int, height: Int) -> RGBImage? {
    if width == self.width && height == self.height { return self }
    return try? Stb.resize(self, width: width, height: height)
  }
}
