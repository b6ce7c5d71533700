/// A payload that writes its own App Store JSON, byte for byte what ``AppStoreJSON``'s encoder
/// writes, straight into a buffer: ``JWSSigner/sign(_:)`` signs those bytes instead of encoding.
protocol AppStoreJSONWritable {
  /// The JSON, or `nil` when the encoder must decide (it refuses what cannot be written).
  func appStoreJSON() -> [UInt8]?
}
