import AsyncHTTPClient
import Foundation
import StoreBenchClient
import Testing

extension CLITests {
  /// An app's StoreKit 2 code connected to a real `storebench serve` (StoreBenchClient's
  /// `ServedStore`): the purchase, a month of renewals and a refund from the control API reach the
  /// app's listener with no sleeps; a server killed and restarted with `--state` loses nothing and
  /// repeats nothing; bad tokens, hosts and bodies get clear errors while the server keeps serving.
  @Suite(.serialized) struct ConnectedAppTests {
    static let controlToken = "control-connected"
    static let deviceToken = "device-connected"

    /// The app's own store class, as Apple's samples write one: a listener that verifies, refreshes
    /// what is unlocked, then finishes; purchases that do the same. (Its listener is a child task,
    /// not a detached one, so that it reaches the store of the test's task: other suites of this
    /// process install stores of their own. Examples/ConnectedApp listens detached, as apps do.)
    actor Shop {
      private(set) var unlocked: Set<String> = []
      /// Every verified update the listener heard: its transaction id and whether it was revoked.
      private(set) var heard: [(id: UInt64, revoked: Bool)] = []
      private var listener: Task<Void, Never>?

      func listen() {
        listener = Task { [weak self] in
          for await update in Transaction.updates {
            guard case .verified(let transaction) = update else { continue }
            await self?.hear(transaction)
            await self?.refresh()
            await transaction.finish()
          }
        }
      }

      private func hear(_ transaction: Transaction) {
        heard.append((transaction.id, transaction.revocationDate != nil))
      }

      func refresh() async {
        var ids: Set<String> = []
        for await result in Transaction.currentEntitlements {
          if case .verified(let transaction) = result, transaction.revocationDate == nil {
            ids.insert(transaction.productID)
          }
        }
        unlocked = ids
      }

      func buy(_ product: Product) async throws -> Transaction? {
        guard case .success(let result) = try await product.purchase(),
          case .verified(let transaction) = result
        else { return nil }
        await refresh()
        await transaction.finish()
        return transaction
      }

      func stop() { listener?.cancel() }
    }

    /// Starts `serve` with fixed tokens; answers the running server and its URL.
    func serve(_ extra: [String] = [], in directory: URL? = nil) async throws -> (Binary.Running, URL) {
      let arguments =
        ["serve", "--control-token", Self.controlToken, "--device-token", Self.deviceToken, "--seed", "7"]
        + extra
      let running = try Binary.start(executable: Binary.path, arguments, directory: directory)
      let line = try await running.firstLine()
      return (running, try #require(URL(string: line), "serve printed \(line)"))
    }

    /// Runs a command line through the control API.
    @discardableResult
    func control(_ server: URL, _ line: String) async throws -> (status: UInt, text: String) {
      try await send(
        "POST", server.appendingPathComponent("control/v1/command").absoluteString,
        body: #"{"line": "\#(line)"}"#, authorization: "Bearer \(Self.controlToken)")
    }

    func send(
      _ method: String, _ url: String, body: String? = nil, authorization: String?, host: String? = nil
    ) async throws -> (status: UInt, text: String) {
      var request = HTTPClientRequest(url: url)
      request.method = .init(rawValue: method)
      if let authorization { request.headers.add(name: "Authorization", value: authorization) }
      if let host { request.headers.replaceOrAdd(name: "Host", value: host) }
      if let body { request.body = .bytes(Array(body.utf8)) }
      let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
      let bytes = try await response.body.collect(upTo: 1 << 22)
      return (response.status.code, String(buffer: bytes))
    }

    @Test func aPurchaseRenewalsAndARefundReachTheConnectedApp() async throws {
      let (server, url) = try await serve()
      defer { kill(server.pid, SIGTERM) }
      let store = try await ServedStore.connect(to: url, token: Self.deviceToken, installs: false)
      defer { store.disconnect() }
      let renewalID = try await store.run {
        let shop = Shop()
        await shop.listen()

        let products = try await Product.products(for: ["pro.monthly", "coins.100", "no.such.product"])
        #expect(Set(products.map(\.id)) == ["pro.monthly", "coins.100"])
        let pro = try #require(products.first { $0.id == "pro.monthly" })
        #expect(pro.subscription?.subscriptionPeriod == .monthly)
        #expect(await pro.subscription?.isEligibleForIntroOffer == true)

        let bought = try #require(try await shop.buy(pro), "the purchase succeeds, verified")
        #expect(bought.productID == "pro.monthly")
        #expect(await shop.unlocked == ["pro.monthly"])
        #expect(AppStore.deviceVerificationID != nil)

        #expect(try await control(url, "advance-clock 1mo").status == 200)
        try await store.settle()
        let renewal = try #require(await shop.heard.first, "the listener heard the renewal")
        #expect(renewal.id != bought.id && !renewal.revoked)
        let statuses = try await pro.subscription?.status ?? []
        #expect(statuses.first?.state == .subscribed)

        #expect(try await control(url, "refund \(renewal.id)").status == 200)
        try await store.settle()
        #expect(
          await shop.heard.map(\.id) == [renewal.id, renewal.id], "the renewal, then its refund, once each")
        #expect(await shop.heard.last?.revoked == true)
        #expect(await shop.unlocked.isEmpty, "the refund locks Pro")
        return renewal.id
      }
      kill(server.pid, SIGTERM)
      let result = try server.wait()
      #expect(result.error.contains("iPhone-sim> purchase pro.monthly"), "\(result.error)")
      #expect(result.error.contains("control> refund \(renewalID)"))
    }

    @Test func aPurchaseWithTheMonthlyBillingPlanStartsACommitmentTheConnectedAppReads() async throws {
      let (server, url) = try await serve(["--catalog", "catalog/commitments.json"])
      defer { kill(server.pid, SIGTERM) }
      let store = try await ServedStore.connect(to: url, token: Self.deviceToken, installs: false)
      defer { store.disconnect() }
      try await store.run {
        let yearly = try #require(try await Product.products(for: ["studio.yearly"]).first)
        let terms = try #require(yearly.subscription?.pricingTerms)
        #expect(terms.map(\.billingPlanType) == [.upFront, .monthly])
        let monthly = try #require(terms.first { $0.billingPlanType == .monthly })
        #expect(monthly.billingPrice == Decimal(string: "5.99") && monthly.billingPeriod == .monthly)
        #expect(monthly.commitmentInfo.price == Decimal(string: "71.88"))

        let result = try await yearly.purchase(options: [.billingPlanType(monthly.billingPlanType)])
        guard case .success(.verified(let transaction)) = result else {
          Issue.record("the purchase is not a verified success: \(result)")
          return
        }
        await transaction.finish()
        #expect(transaction.billingPlanType == .monthly && transaction.price == Decimal(string: "5.99"))
        #expect(transaction.commitmentInfo?.billingPeriodNumber == 1)
        #expect(transaction.commitmentInfo?.totalBillingPeriods == 12)

        #expect(try await control(url, "auto-renew off studio.yearly").status == 200)
        #expect(try await control(url, "advance-clock 2mo").status == 200)
        try await store.settle()
        let status = try #require(try await yearly.subscription?.status.first)
        #expect(status.state == .subscribed, "the months left of the commitment are billed")
        let latest = try status.transaction.payloadValue
        #expect(latest.commitmentInfo?.billingPeriodNumber == 3)
        let info = try status.renewalInfo.payloadValue
        #expect(info.willAutoRenew && info.commitmentInfo?.willAutoRenew == false)
        #expect(info.renewalBillingPlanType == .monthly)
      }
      kill(server.pid, SIGTERM)
      let result = try server.wait()
      #expect(result.error.contains("purchase studio.yearly --billing-plan monthly"), "\(result.error)")
    }

    @Test func aServerKilledAndRestartedWithStateLosesAndRepeatsNothing() async throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("connected-\(UUID())")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let (first, url) = try await serve(["--state", "world.json"], in: directory)
      let port = try #require(url.port)
      let store = try await ServedStore.connect(to: url, token: Self.deviceToken, installs: false)
      defer { store.disconnect() }
      let shop = Shop()
      let bought = try await store.run {
        await shop.listen()
        let pro = try #require(try await Product.products(for: ["pro.monthly"]).first)
        let bought = try #require(try await shop.buy(pro))
        try await store.settle()
        #expect(await shop.heard.isEmpty, "a purchase returns through its result, not the listener")
        return bought
      }
      kill(first.pid, SIGKILL)
      _ = try? first.wait()
      let (second, _) = try await serve(["--state", "world.json", "--port", String(port)], in: directory)
      defer { kill(second.pid, SIGTERM) }

      try await store.run {
        #expect(try await control(url, "refund \(bought.id)").status == 200)
        try await store.settle()
        #expect(await shop.heard.map(\.id) == [bought.id], "the refund, heard once after the restart")
        #expect(await shop.heard.first?.revoked == true)
        #expect(await shop.unlocked.isEmpty)
        var all: [UInt64] = []
        for await result in Transaction.all { all.append(result.unsafePayloadValue.id) }
        #expect(all == [bought.id], "the journal kept the purchase, once")
      }
    }

    @Test func wrongTokensHostsAndBodiesGetClearErrorsAndTheServerKeepsServing() async throws {
      let (server, url) = try await serve()
      defer { kill(server.pid, SIGTERM) }
      let base = url.appendingPathComponent("device/v1/iPhone-sim").absoluteString
      let good = "Bearer \(Self.deviceToken)"

      let wrong = try await send("POST", "\(base)/launch", authorization: "Bearer nope")
      #expect(wrong.status == 401 && wrong.text.contains("the device token is wrong"), "\(wrong.text)")
      let missing = try await send("POST", "\(base)/launch", authorization: nil)
      #expect(missing.status == 401 && missing.text.contains("the device token is missing"))
      let control = try await send("POST", "\(base)/launch", authorization: "Bearer \(Self.controlToken)")
      #expect(control.status == 401, "the control token does not open the device face")
      let foreign = try await send("POST", "\(base)/launch", authorization: good, host: "evil.example:80")
      #expect(foreign.status == 421 && foreign.text.contains("127.0.0.1 or localhost only"))
      let unknown = try await send("POST", "\(base)/products", body: #"{"ids": []}"#, authorization: good)
      #expect(unknown.status == 404 && unknown.text.contains("no device named iPhone-sim"), "\(unknown.text)")

      #expect(try await send("POST", "\(base)/launch", authorization: good).status == 200)
      let malformed = try await send("POST", "\(base)/purchase", body: "{not json", authorization: good)
      #expect(malformed.status == 400 && malformed.text.contains("does not read"), "\(malformed.text)")
      let operation = try await send("GET", "\(base)/teleport", authorization: good)
      #expect(operation.status == 404 && operation.text.contains("no device operation teleport"))
      let badBuy = try await send(
        "POST", "\(base)/purchase", body: #"{"productID": "no.such"}"#, authorization: good)
      #expect(badBuy.status == 200 && badBuy.text.contains("productUnavailable"), "\(badBuy.text)")

      // A client that goes away in the middle of a long poll: the server answers the next one.
      let revision = try await send("GET", "\(base)/revision", authorization: good)
      let stand = try #require(
        try JSONSerialization.jsonObject(with: Data(revision.text.utf8)) as? [String: Any])
      let current = try #require(stand["revision"] as? Int)
      let run = try #require(stand["run"] as? String)
      var poll = HTTPClientRequest(url: "\(base)/updates?after=0&revision=\(current)&run=\(run)&wait=20")
      poll.headers.add(name: "Authorization", value: good)
      await #expect(throws: (any Error).self, "the poll waits, and the client gives up on it") {
        _ = try await HTTPClient.shared.execute(poll, timeout: .milliseconds(300))
      }
      #expect(try await send("GET", "\(base)/revision", authorization: good).status == 200)

      await #expect(throws: (any Error).self) {
        try await ServedStore.connect(to: url, token: "wrong", installs: false)
      }
      let store = try await ServedStore.connect(to: url, token: Self.deviceToken, installs: false)
      defer { store.disconnect() }
      let count = try await store.run { try await Product.products(for: ["coins.100"]).count }
      #expect(count == 1, "still serving")

      // A failure armed in the world reaches the app as the StoreKit error StoreKit throws.
      #expect(
        try await self.control(url, "fail-next products --error cloudServiceNetworkConnectionFailed").status
          == 200)
      #expect(
        try await self.control(url, "fail-next restore --error cloudServicePermissionDenied").status == 200)
      let (products, sync) = await store.run {
        let products = await #expect(throws: StoreKitError.self) {
          try await Product.products(for: ["coins.100"])
        }
        let sync = await #expect(throws: StoreKitError.self) { try await AppStore.sync() }
        return ("\(products.map { "\($0)" } ?? "")", "\(sync.map { "\($0)" } ?? "")")
      }
      #expect(products.hasPrefix("networkError"), "\(products)")
      #expect(sync == "notEntitled", "\(sync)")
    }
  }
}
