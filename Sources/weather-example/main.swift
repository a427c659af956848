// An app that embeds uihost: it gives the screen beside this file, and the
// plugin in plugins/forecast, a module of Swift functions, `weather`, and runs
// the screen on the terminal, or headless with `--render` (the frame after
// `--type` and `--keys` is printed), as its test does.
//
//     swift run weather-example
//     swift run weather-example --render --type Lima --keys enter
//     swift run weather-example --render --keys f3     # the plugin's screen
import Glibc
import UIHost

struct Day: Codable {
    var name: String
    var high: Int
    var low: Int
    var summary: String
}

struct Forecast: Codable {
    var city: String
    var days: [Day]
}

enum WeatherError: Error, CustomStringConvertible {
    case unknownCity(String)

    var description: String {
        switch self {
        case .unknownCity(let city): "no forecast for '\(city)'"
        }
    }
}

/// A fixed table standing for a weather service.
let forecasts: [String: [Day]] = [
    "Oslo": [Day(name: "Mon", high: 4, low: -2, summary: "snow"), Day(name: "Tue", high: 6, low: 0, summary: "cloudy"),
             Day(name: "Wed", high: 7, low: 1, summary: "sun")],
    "Lima": [Day(name: "Mon", high: 24, low: 18, summary: "mist"), Day(name: "Tue", high: 25, low: 19, summary: "sun"),
             Day(name: "Wed", high: 23, low: 18, summary: "mist")],
    "Pune": [Day(name: "Mon", high: 33, low: 21, summary: "sun"), Day(name: "Tue", high: 31, low: 22, summary: "storms")],
]

let host = ScriptHost()
host.module("weather") { m in
    m.value("version", "1.0")
    m.function("forecast") { (city: String) throws -> Forecast in
        guard let days = forecasts[city] else { throw WeatherError.unknownCity(city) }
        return Forecast(city: city, days: days)
    }
    // A Codable array in: the days the script got from `forecast`.
    m.function("meanHigh") { (days: [Day]) -> Double in
        days.isEmpty ? 0 : Double(days.map(\.high).reduce(0, +)) / Double(days.count)
    }
}

// MARK: - Command line

var arguments = Array(CommandLine.arguments.dropFirst())
var renderOnly = false
var keys = ""
var text = ""
let folder = String(#filePath.dropLast("main.swift".count))
var screen = folder + "weather.lua"
// The plugins load with the screen; F3 runs the forecast plugin's command.
host.options.plugins = [folder + "plugins"]
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--render": renderOnly = true
    case "--keys" where !arguments.isEmpty: keys = arguments.removeFirst()
    case "--type" where !arguments.isEmpty: text = arguments.removeFirst()
    case "--size" where !arguments.isEmpty:
        let parts = arguments.removeFirst().split(separator: "x").compactMap { Int($0) }
        if parts.count == 2 { (host.options.columns, host.options.rows) = (parts[0], parts[1]) }
    default: screen = argument
    }
}

do {
    if renderOnly {
        let app = try host.open(screen)
        app.type(text)
        try app.press(keys)
        print(app.frame)
        exit(app.errors.isEmpty ? 0 : 3)
    }
    exit(try host.run(screen))
} catch {
    let message = "weather-example: \(error.message)\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    exit(3)
}
