// swift-tools-version:6.2
// A kiosk with a component of its own: a needle dial, usable from YAML as `type: dial`.
import PackageDescription

let package = Package(
    name: "GaugeKiosk",
    dependencies: [.package(name: "KioskKit", path: "../..")],
    targets: [
        .executableTarget(
            name: "gauge-kiosk",
            dependencies: [.product(name: "KioskKit", package: "KioskKit")],
            swiftSettings: [.defaultIsolation(MainActor.self)]),
    ]
)
