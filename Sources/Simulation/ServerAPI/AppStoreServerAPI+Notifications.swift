extension AppStoreServerAPI {
  /// Answers the notification endpoints (#13–#15 of the reference's table: Request a Test
  /// Notification, Get Test Notification Status, Get Notification History) through
  /// ``NotificationEndpoints``, or `nil` for any other request. The router has applied the fault
  /// switches already (under the names `test-notification`, `test-notification-status`,
  /// `notification-history`).
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - world: The world.
  /// - Returns: The answer, or `nil` to let the router go on.
  static func notificationRoute(_ request: APIRequest, in world: World) -> APIResponse? {
    NotificationEndpoints.respond(to: request, in: world)
  }
}
