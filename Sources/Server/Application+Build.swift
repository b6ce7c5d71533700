import Hummingbird
import Logging
import Simulation

/// The host the local App Store listens on: loopback only.
public let serverHost = "127.0.0.1"

/// The local App Store over HTTP: verifyReceipt and the App Store Server API, on 127.0.0.1.
///
/// - Parameters:
///   - port: The port; 0 for a free one (`onServerRunning` hears which).
///   - world: The world's owner, through which every request reaches the world.
///   - options: Body limit and real time.
///   - onServerRunning: Called with the bound port once the server listens.
/// - Returns: The application, to run as a service.
public func buildApplication(
  port: Int, world: any WorldAccess, options: ServerOptions = ServerOptions(),
  onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
  var logger = Logger(label: "storebench.serve")
  logger.logLevel = .warning
  return Application(
    router: buildRouter(world: world, options: options),
    configuration: ApplicationConfiguration(
      address: .hostname(options.listenAddress, port: port), serverName: nil),
    onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
    logger: logger)
}

/// The routes: verifyReceipt's two faces without authentication, everything under `/inApps/` behind
/// a bearer token, the page, the control API under `/control/v1/` behind the control token, and
/// Apple-shaped errors for whatever else arrives.
///
/// - Parameters:
///   - world: The world's owner.
///   - options: Body limit and real time.
/// - Returns: The router, for ``buildApplication(port:world:options:onServerRunning:)`` and tests.
public func buildRouter(
  world: any WorldAccess, options: ServerOptions = ServerOptions()
) -> Router<
  BasicRequestContext
> {
  buildRouter(world: world, options: options, api: AppStoreServerAPI.respond(to:in:))
}

/// The routes, with the App Store Server API's answers given (tests give their own).
func buildRouter(
  world: any WorldAccess, options: ServerOptions, api: @escaping @Sendable (APIRequest, World) -> APIResponse
) -> Router<BasicRequestContext> {
  let router = Router(context: BasicRequestContext.self)
  router.add(middleware: EdgeErrorMiddleware())
  VerifyReceiptController(world: world, bodyLimit: options.bodyLimit).add(to: router)
  PageController(world: world, bodyLimit: options.bodyLimit).add(to: router)
  ControlController(
    world: world, bodyLimit: options.bodyLimit, token: PageSecret(value: options.controlToken)
  )
  .add(to: router)
  DeviceController(
    world: world, bodyLimit: options.bodyLimit, token: PageSecret(value: options.deviceToken),
    answersOtherHosts: options.answersOtherHosts
  )
  .add(to: router)
  AppStoreServerAPIController(
    world: world, bodyLimit: options.bodyLimit, tokens: BearerTokenVerifier(now: options.now), api: api
  ).add(to: router)
  return router
}
