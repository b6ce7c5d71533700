/// Initiate Performance Test's request body (Apple's `PerformanceTestRequest`).
struct PerformanceTestRequest: Decodable {
  var originalTransactionId: String?
}
