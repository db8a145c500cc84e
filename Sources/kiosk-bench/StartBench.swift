import Foundation
import Glibc
import KioskPlatform

/// `kiosk run --backend headless` measured as a service manager sees it: from just before the
/// process is spawned to READY=1 on its NOTIFY_SOCKET (sent once the first frame is presented),
/// median of `runs`; and the kiosk's resident memory once it has sent READY, read from its
/// /proc status, and the processor time its threads still running then took to get there (from
/// /proc/PID/task/*/schedstat: it leaves out the time spent waiting for the processor, which on a
/// shared machine moves the exec -> READY figure by milliseconds from run to run; and a thread that
/// has ended, such as fontconfig's loader, whose time Linux keeps at a tick's resolution only). First with the built-in dashboard at 1280×800 (two buffers), then, run from the
/// project root, with `Config/kiosk.yaml` as a service starts. Needs the `kiosk` binary beside
/// kiosk-bench, or the one `KIOSK_BENCH_KIOSK` names (the binary as installed, with the Swift
/// runtime linked in, is built elsewhere). Last, the same rows for `kiosk-start-floor` when it is
/// beside kiosk-bench: the libraries' part of the dashboard's first frame, done in C alone.
func addStartRows(to table: inout Table, runs: Int = 10) throws {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let kiosk = ProcessInfo.processInfo.environment["KIOSK_BENCH_KIOSK"] ?? directory.appendingPathComponent("kiosk").path
    guard FileManager.default.isExecutableFile(atPath: kiosk) else {
        table.add("start: exec -> READY=1 (headless 1280x800)", median: "-", p90: "(build the kiosk product)")
        return
    }
    try addVersionRow(to: &table, kiosk: kiosk, runs: runs)
    let headless = { (extra: [String]) in { (directory: String) in ["run", "--backend", "headless", "--out", directory + "/frame.png"] + extra } }
    try addRows(to: &table, executable: kiosk, arguments: headless([]), runs: runs, label: "headless 1280x800",
                screen: "1280x800, 2 buffers")
    // The start of a service: the panels of the example config, which read YAML and lay out more.
    let config = FileManager.default.currentDirectoryPath + "/Config/kiosk.yaml"
    if FileManager.default.fileExists(atPath: config) {
        try addRows(to: &table, executable: kiosk, arguments: headless(["--config", config]), runs: runs,
                    label: "headless, Config/kiosk.yaml", screen: "Config/kiosk.yaml")
    }
    let floor = directory.appendingPathComponent("kiosk-start-floor").path
    let floorLabel = "the libraries' part alone, kiosk-start-floor"
    if FileManager.default.isExecutableFile(atPath: floor) {
        try addRows(to: &table, executable: floor, arguments: { _ in [] }, runs: runs, label: floorLabel, screen: floorLabel)
    } else {
        table.add("start: exec -> READY=1 (\(floorLabel))", median: "-", p90: "(build the kiosk-start-floor product)")
    }
}

private func addRows(to table: inout Table, executable: String, arguments: (String) -> [String], runs: Int, label: String,
                     screen: String) throws {
    var times: [Double] = [], resident: [Int] = [], processor: [Double] = []
    for run in 0..<runs {
        let start = try timeStart(executable, arguments: arguments, run: run)
        times.append(start.seconds * 1000)
        if let kib = start.residentKiB { resident.append(kib) }
        if let seconds = start.processorSeconds { processor.append(seconds * 1000) }
    }
    times.sort()
    resident.sort()
    processor.sort()
    table.add("start: exec -> READY=1 (\(label), median of \(runs))", times)
    let processorRow = "start: processor time to READY=1, threads still running (\(label))"
    if processor.count == runs {
        table.add(processorRow, processor)
    } else {
        table.add(processorRow, median: "-", p90: "(schedstat unreadable in \(runs - processor.count) of \(runs) starts)")
    }
    let memoryRow = "memory: RSS at READY=1, after the first frame (\(screen))"
    if resident.count == runs {
        let mib = { (kib: Int) in String(format: "%.1f MiB", Double(kib) / 1024) }
        table.add(memoryRow, median: mib(resident[resident.count / 2]), p90: mib(resident[resident.count * 9 / 10]))
    } else {
        // A start whose /proc status could not be read would make the median one of fewer starts.
        table.add(memoryRow, median: "-", p90: "(VmRSS unreadable in \(runs - resident.count) of \(runs) starts)")
    }
}

/// What every start pays before the kiosk's own work: `kiosk --version` from spawn to exit (the
/// kernel's exec, the loader mapping and relocating the libraries, the Swift runtime's set-up, and
/// the process's exit), median of `runs`. The start rows less this are the kiosk's own part.
private func addVersionRow(to table: inout Table, kiosk: String, runs: Int) throws {
    var times: [Double] = []
    for _ in 0..<runs {
        let argv = [strdup(kiosk), strdup("--version"), nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let start = MonotonicClock.now()
        let spawned = posix_spawn(&pid, kiosk, &actions, nil, argv, environ)
        guard spawned == 0 else { throw StartBenchError(description: "posix_spawn \(kiosk): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        times.append((MonotonicClock.now() - start) * 1000)
        guard status == 0 else { throw StartBenchError(description: "\(kiosk) --version exited with status \(status)") }
    }
    times.sort()
    table.add("start: exec -> exit of kiosk --version (loader, libraries, runtime; median of \(runs))", times)
}

struct StartBenchError: Error, CustomStringConvertible {
    let description: String
}

/// One start: spawns `executable` with the arguments made for a directory of the run's own, and
/// NOTIFY_SOCKET pointing at a socket of ours there, waits (at most 10 s) for READY=1, stops it.
/// Returns the time to READY, and the process's resident KiB and processor time then.
private func timeStart(_ executable: String, arguments makeArguments: (String) -> [String], run: Int) throws
    -> (seconds: Double, residentKiB: Int?, processorSeconds: Double?) {
    let directory = NSTemporaryDirectory() + "kiosk-bench-start-\(getpid())-\(run)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let socketPath = directory + "/notify.sock"
    let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw StartBenchError(description: "socket: \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { bytes in
        for (index, byte) in socketPath.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard bound == 0 else { throw StartBenchError(description: "bind \(socketPath): \(String(cString: strerror(errno)))") }

    let arguments = [executable] + makeArguments(directory)
    var environment = ProcessInfo.processInfo.environment
    environment["NOTIFY_SOCKET"] = socketPath
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let start = MonotonicClock.now()
    let spawned = posix_spawn(&pid, executable, nil, nil, argv, envp)
    guard spawned == 0 else { throw StartBenchError(description: "posix_spawn \(executable): \(String(cString: strerror(spawned)))") }
    defer {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while MonotonicClock.now() - start < 10 {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 100) > 0 else { continue }
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count > 0 else { continue }
        let message = String(decoding: buffer[0..<count], as: UTF8.self)
        guard message.split(separator: "\n").contains("READY=1") else { continue }
        let elapsed = MonotonicClock.now() - start
        return (elapsed, residentKiB(of: pid), processorSeconds(of: pid))
    }
    throw StartBenchError(description: "\(executable) sent no READY=1 within 10 s")
}

/// The processor time the process's running threads have had, in seconds: the first field of each
/// thread's /proc schedstat (nanoseconds on the processor). A thread that ends between the listing
/// and its read is one that had ended, like those before; nil when the main thread's cannot be read.
private func processorSeconds(of pid: pid_t) -> Double? {
    guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
    var nanoseconds = 0, readMainThread = false
    for thread in threads {
        guard let schedstat = try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/schedstat", encoding: .utf8),
              let running = schedstat.split(separator: " ").first.flatMap({ Int($0) }) else { continue }
        nanoseconds += running
        if thread == String(pid) { readMainThread = true }
    }
    return readMainThread ? Double(nanoseconds) / 1e9 : nil
}

/// The VmRSS line of the process's /proc status, in KiB. The figure the kiosk puts in its READY
/// status is read before it sends it, so before libsystemd is opened to send it.
private func residentKiB(of pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
    return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
}
