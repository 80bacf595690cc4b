import Foundation
import ShopCore

/// Anything with a price.
public protocol Priced: AnyObject {
    var currency: String { get }
    func netCents() -> Int
}

public let vatPercent = 20
var roundings = 0

open class Product: NSObject, Priced {
    public let title: String
    private(set) var stock = 0
    fileprivate var secret = 1
    public var currency: String { "EUR" }

    public init(title: String) {
        self.title = title
        super.init()
    }

    public func netCents() -> Int { 0 }
    func summary() -> String { title }
}

final class Book: Product {
    let pages: Int
    init(title: String, pages: Int) {
        self.pages = pages
        super.init(title: title)
    }
    override func netCents() -> Int {
        if pages > 0 && roundings == 0 { roundings += 1 }
        return pages * 2
    }
}

struct Point: Equatable { var x: Int; var y: Int }

enum Format: String {
    case paper, ebook
    case audio = "a"
    func isDigital() -> Bool { self != .paper }
}

extension Book: CustomStringConvertible {
    var description: String { summary() + label() }
    func label() -> String { "\(pages)" }
}

typealias Books = [Book]

func grossCents(_ p: Priced) -> Int {
    let net = p.netCents()
    return net + net * vatPercent / 100
}
