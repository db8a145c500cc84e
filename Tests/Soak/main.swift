import Foundation

// `kiosk-soak`: the showcase config, headless, for KIOSK_SOAK_HOURS virtual hours (default 1) of
// random taps, drags, typing, control-socket requests, panel changes and reloads, seeded by
// KIOSK_SOAK_SEED (printed, so a failure can be replayed). Exits 1 on the first failed check.
// With KIOSK_SOAK_EXTREMES=1 it sets every property of every widget to its extreme values instead,
// on the config as written and laid out right to left.

/// One line, out at once: the table is read while the run goes on.
func say(_ line: String) {
    print(line)
    fflush(nil)
}

do {
    let options = try SoakOptions.fromEnvironment()
    if options.extremes {
        // As written, then right to left.
        let yaml = try String(contentsOfFile: options.configPath, encoding: .utf8)
        let mirroredPath = NSTemporaryDirectory() + "kiosk-soak-rtl-\(getpid()).yaml"
        try RightToLeftVariant.apply(to: yaml).write(toFile: mirroredPath, atomically: true, encoding: .utf8)
        for (path, name) in [(options.configPath, options.configPath), (mirroredPath, "\(options.configPath), right to left")] {
            say("soak: every property of every widget of \(name) at its extremes")
            let kiosk = try SoakKiosk(configPath: path)
            // The kiosk runs a copy of its own; gone now, the variant is not left behind by an exit.
            if path == mirroredPath { try FileManager.default.removeItem(atPath: mirroredPath) }
            var sweep = ExtremesSweep(kiosk: kiosk)
            try sweep.run(report: say)
            say("soak: \(sweep.requests) values set, \(sweep.refused) refused")
            if options.trace { for refusal in sweep.kiosk.refusals { say("  refused: " + refusal.suffix(200)) } }
            guard sweep.failures.isEmpty else {
                say("soak: FAILED (\(name))")
                for failure in sweep.failures { say("  " + failure) }
                exit(1)
            }
        }
        say("soak: OK")
        exit(0)
    }
    say("soak: \(options.hours) virtual hour\(options.hours == 1 ? "" : "s") of \(options.configPath), "
          + "seed \(options.seed) (replay with KIOSK_SOAK_SEED=\(options.seed))")
    var soak = try SoakRun(options: options)
    try soak.run(print: say)
    let first = soak.samples.first, last = soak.samples.last
    let kinds = soak.actions.counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    say("soak: actions: \(kinds); reloads \(soak.kiosk.reloads)")
    if let first, let last {
        let baseline = soak.baseline ?? first
        say(String(format: "soak: RSS %.1f MiB after warm-up, %.1f MiB at the baseline, %.1f MiB at the end (peak %.1f); "
                     + "views %d -> %d -> %d; %d frames; %d input events, %d control requests in %.0f s",
                     Double(first.residentBytes) / 1_048_576, Double(baseline.residentBytes) / 1_048_576,
                     Double(last.residentBytes) / 1_048_576,
                     Double(soak.samples.map(\.residentBytes).max() ?? 0) / 1_048_576,
                     first.views, baseline.views, last.views, last.frames, last.inputEvents, last.controlRequests, last.realTime))
    }
    if soak.failures.isEmpty {
        say("soak: OK")
    } else {
        // The verdict comes last, so that a log cut to its tail still says what failed and how to replay it.
        say("soak: the last actions:")
        for action in soak.recent { say("  " + action) }
        say("soak: FAILED (seed \(options.seed), replay with KIOSK_SOAK_SEED=\(options.seed))")
        for failure in soak.failures { say("  " + failure) }
        exit(1)
    }
} catch {
    say("soak: \(error)")
    exit(1)
}
