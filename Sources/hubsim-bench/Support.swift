/// Small helpers shared by the benchmarks.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

func median(runs: Int, _ body: () throws -> Double) rethrows -> Double {
    var samples: [Double] = []
    for _ in 0..<runs { samples.append(try body()) }
    samples.sort()
    return samples[samples.count / 2]
}

func ms(_ s: Double) -> String {
    let v = s * 1000
    return v < 10 ? String(format: "%.3f", v) : String(format: "%.1f", v)
}

func pad(_ v: Any, _ width: Int) -> String {
    let s = "\(v)"
    return String(repeating: " ", count: max(0, width - s.count)) + s
}
