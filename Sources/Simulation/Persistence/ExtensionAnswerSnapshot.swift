/// The answer given to a single renewal-date extension request, by its original transaction and
/// request identifier, so that the same request again gets the same answer.
struct ExtensionAnswerSnapshot: Codable, Hashable {
  var key: String
  var answer: ExtendRenewalDateResponse
}
