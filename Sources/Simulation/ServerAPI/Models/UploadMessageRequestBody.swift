/// Upload Message's request body, as Apple's `UploadMessageRequestBody`.
struct UploadMessageRequestBody: Decodable {
  /// `UploadMessageImage`.
  struct Image: Decodable {
    var imageIdentifier: String?
    var altText: String?
  }

  /// `BulletPoint`.
  struct BulletPoint: Decodable {
    var text: String?
    var imageIdentifier: String?
    var altText: String?
  }

  var header: String?
  var body: String?
  var image: Image?
  var headerPosition: String?
  var bulletPoints: [BulletPoint]?
}
