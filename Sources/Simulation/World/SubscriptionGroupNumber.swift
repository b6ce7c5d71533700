/// Apple's subscription group identifiers are numeric strings (`"20517537"`); catalogs name groups
/// with words. This derives a stable eight-digit number for a group name, the same in every run.
enum SubscriptionGroupNumber {
  /// The number for a group: the name itself when it is already eight digits, else `2` followed by
  /// seven digits of an FNV-1a hash of the name.
  static func of(_ group: String) -> String {
    if group.utf8.count == 8, group.utf8.allSatisfy({ (0x30...0x39).contains($0) }) { return group }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in group.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let digits = String(hash % 10_000_000)
    return "2" + String(repeating: "0", count: 7 - digits.count) + digits
  }
}
