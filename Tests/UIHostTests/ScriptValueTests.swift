import XCTest
@testable import UIHost
