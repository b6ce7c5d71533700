extension Int64 {
  /// Division rounding toward negative infinity, for a positive divisor.
  func floorDivided(by divisor: Int64) -> Int64 {
    self >= 0 ? self / divisor : (self - divisor + 1) / divisor
  }
}
