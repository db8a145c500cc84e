import FoundationEssentials
import Glibc
import KioskPlatform
import KioskConfig
import KioskUI

/// `kiosk check FILE` and `kiosk components [--icons]`.
public enum ConfigCommands {
    /// Prints the report and returns the exit status (0 valid, 1 errors).
    public static func check(_ arguments: Arguments, adapters: AdapterTable = .standard) throws -> Int32 {
        guard let path = arguments.positional.first else { throw UsageError("check needs a config file") }
        let report = ConfigChecker(registry: adapters.registry).check(path: path)
        if report.exitStatus == 0 {
            print(report.output, terminator: "")
            let placeholders = placeholderTypes(in: path, adapters: adapters)
            if !placeholders.isEmpty {
                print("note: not in this build, shown as placeholders: " + placeholders.joined(separator: ", "))
            }
        } else {
            StandardError.write(report.output)
        }
        return report.exitStatus
    }

    public static func components(_ arguments: Arguments? = nil, adapters: AdapterTable = .standard) {
        if arguments?.flag("icons") == true {
            let catalogue = MaterialDesignIcons.installed
            print(iconList(materialDesign: catalogue), terminator: "")
            if let problem = catalogue.problem {
                StandardError.write("note: no mdi: names: \(problem)\n")
            }
            return
        }
        print(adapters.registry.describe(), terminator: "")
        let missing = adapters.unavailableTypes
        if !missing.isEmpty {
            print("\nValidated but not in this build (previews show labelled placeholders): " + missing.joined(separator: ", "))
        }
    }

    /// Every icon name a config may write, one a line: the built-in symbols, then the Material
    /// Design icons.
    static func iconList(materialDesign catalogue: MaterialDesignIcons) -> String {
        Icon.allNames(materialDesign: catalogue).map { $0 + "\n" }.joined()
    }

    /// The component types a valid config uses that this build only shows as placeholders.
    static func placeholderTypes(in path: String, adapters: AdapterTable) -> [String] {
        guard case .success(let config) = ConfigLoader(registry: adapters.registry).load(path: path) else { return [] }
        let unavailable = Set(adapters.unavailableTypes)
        var used: Set<String> = []
        func visit(_ widget: WidgetSpec) {
            if unavailable.contains(widget.type) { used.insert(widget.type) }
            widget.children.forEach(visit)
        }
        config.panels.forEach { visit($0.root) }
        return used.sorted()
    }
}
