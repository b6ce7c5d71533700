extension APIError {
  /// Apple's `InvalidImageError`: the body is not a PNG without transparency.
  public static let invalidImage = APIError(4_000_161, "Invalid request. The image is invalid.")
  /// Apple's `HeaderTooLongError`: a message's header is over 66 characters.
  public static let headerTooLong = APIError(4_000_162, "Invalid request. The header text is too long.")
  /// Apple's `BodyTooLongError`: a message's body is over 144 characters.
  public static let bodyTooLong = APIError(4_000_163, "Invalid request. The body text is too long.")
  /// Apple's `InvalidLocaleError`.
  public static let invalidLocale = APIError(4_000_164, "Invalid request. The locale is invalid.")
  /// Apple's `AltTextTooLongError`: an image's alternative text is over 150 characters.
  public static let altTextTooLong = APIError(
    4_000_175, "Invalid request. The alternative text for an image is too long.")
  /// Apple's `InvalidPerformanceTestRequestError`.
  public static let invalidPerformanceTestRequest = APIError(
    4_000_211, "Invalid request. The performance test request is invalid.")
  /// Apple's `InvalidRequestIdError`: a performance test's request id is not one.
  public static let invalidRequestId = APIError(4_000_212, "Invalid request. The request id is invalid.")
  /// Apple's `ExistingPerformanceTestRunError`: a test is running already.
  public static let existingPerformanceTestRun = APIError(
    4_000_213, "Invalid request. A performance test is already running.")
  /// Apple's `BadRequestRealtimeUrlError`.
  public static let badRequestRealtimeURL = APIError(
    4_000_215, "Invalid request. The realtime URL is invalid.")
  /// Apple's `BadRequestImageSizeError`: the image's size is not the one its `imageSize` needs.
  public static let badRequestImageSize = APIError(4_000_216, "Invalid request. The image size is invalid.")
  /// Apple's `BadRequestTooManyBulletPointsError`: more than five bullet points.
  public static let tooManyBulletPoints = APIError(
    4_000_218, "Invalid request. The message has too many bullet points.")
  /// Apple's `BadRequestBulletPointTextTooLongError`: a bullet point's text is over 66 characters.
  public static let bulletPointTextTooLong = APIError(
    4_000_219, "Invalid request. A bullet point's text is too long.")
  /// Apple's `BadRequestAboveImageRequiresAnImageError`: `ABOVE_IMAGE` without an image.
  public static let aboveImageRequiresAnImage = APIError(
    4_000_224, "Invalid request. The header position ABOVE_IMAGE requires an image.")
  /// Apple's `MaximumNumberOfImagesReachedError`.
  public static let maximumNumberOfImagesReached = APIError(
    4_030_014, "The maximum number of images has been reached.")
  /// Apple's `MaximumNumberOfMessagesReachedError`.
  public static let maximumNumberOfMessagesReached = APIError(
    4_030_016, "The maximum number of messages has been reached.")
  /// Apple's `MessageNotApprovedError`.
  public static let messageNotApproved = APIError(4_030_017, "The message is not approved.")
  /// Apple's `ImageNotApprovedError`.
  public static let imageNotApproved = APIError(4_030_018, "The image is not approved.")
  /// Apple's `ImageInUseError`: a message uses the image.
  public static let imageInUse = APIError(4_030_019, "The image is in use by a message.")
  /// Apple's `ForbiddenNoPassingTestError`: a production realtime URL needs a passed performance test.
  public static let forbiddenNoPassingTest = APIError(
    4_030_026, "A passing performance test is required to configure a production realtime URL.")
  /// Apple's `ImageNotFoundError`.
  public static let imageNotFound = APIError(4_040_014, "Image not found.")
  /// Apple's `MessageNotFoundError`.
  public static let messageNotFound = APIError(4_040_015, "Message not found.")
  /// Apple's `PerformanceTestRunNotFoundError`.
  public static let performanceTestRunNotFound = APIError(4_040_018, "Performance test run not found.")
  /// Apple's `DefaultMessageNotFoundError`.
  public static let defaultMessageNotFound = APIError(4_040_020, "Default message not found.")
  /// Apple's `RealtimeUrlNotFoundError`.
  public static let realtimeURLNotFound = APIError(4_040_021, "Realtime URL not found.")
  /// Apple's `ImageAlreadyExistsError`.
  public static let imageAlreadyExists = APIError(4_090_000, "The image identifier already exists.")
  /// Apple's `MessageAlreadyExistsError`.
  public static let messageAlreadyExists = APIError(4_090_001, "The message identifier already exists.")
}
