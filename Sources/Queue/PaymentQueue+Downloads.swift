extension PaymentQueue {
  /// `start(_:)`: waiting downloads become active.
  ///
  /// - Throws: ``QueueError`` when a download is not waiting.
  public func start(_ downloads: [Download]) throws(QueueError) {
    try change(downloads, from: [.waiting], to: .active, verb: "start")
  }

  /// `pause(_:)`.
  public func pause(_ downloads: [Download]) throws(QueueError) {
    try change(downloads, from: [.active], to: .paused, verb: "pause")
  }

  /// `resume(_:)`.
  public func resume(_ downloads: [Download]) throws(QueueError) {
    try change(downloads, from: [.paused], to: .active, verb: "resume")
  }

  /// `cancel(_:)`.
  public func cancel(_ downloads: [Download]) throws(QueueError) {
    try change(downloads, from: [.waiting, .active, .paused], to: .cancelled, verb: "cancel")
  }

  private func change(
    _ changed: [Download], from allowed: Set<Download.State>, to state: Download.State, verb: String
  ) throws(QueueError) {
    try downloads.change(changed, from: allowed, to: state, verb: verb)
    post(downloads: changed)
  }

  /// Moves every active download forward to the current time; those that completed finish, and
  /// observers hear the progress of all of them.
  public func updateDownloads() {
    let active = downloads.update()
    guard !active.isEmpty else { return }
    post(downloads: active)
  }

  /// Queues `paymentQueue(_:updatedDownloads:)` for every observer.
  func post(downloads changed: [Download]) {
    pending.append(.downloads(changed, detail: downloads.summary(of: changed), targets: everyObserver))
  }
}
