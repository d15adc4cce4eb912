/// Keys written twice in one JSON object, which readers resolve differently.
extension JSONByteScanner {
  /// Any value, read past as `skipValue` does, noting in `repeated` the first key that an
  /// object in it (at any depth) holds twice, escapes decoded: readers differ on which of the
  /// two values they keep (Foundation the first, Python and Ruby the last). False when the value
  /// is not well formed. Cost: one pass, and a set of each object's keys.
  package mutating func skipValue(notingRepeatedKey repeated: inout String?) -> Bool {
    skipWhitespace()
    switch index < bytes.count ? bytes[index] : 0 {
    case UInt8(ascii: "["): return array { $0.skipValue(notingRepeatedKey: &repeated) }
    case UInt8(ascii: "{"):
      var keys = Set<String>()
      return members { scanner, key in
        if !keys.insert(key).inserted && repeated == nil { repeated = key }
        return scanner.skipValue(notingRepeatedKey: &repeated)
      }
    default: return skipValue()
    }
  }
}
