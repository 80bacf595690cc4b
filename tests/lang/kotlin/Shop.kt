package com.acme.shop.model

import com.acme.shop.util.Money
import com.acme.shop.util.*
import kotlin.math.max as maximum

/** A priced thing. */
interface Priced {
    fun netCents(): Int
    fun grossCents(): Int = Money.withVat(netCents())
    val currency: String
}

abstract class Product(val title: String, private var stock: Int = 0) : Priced, Comparable<Product> {
    constructor(title: String) : this(title, 0)
    init { created++ }
    open fun summary(): String = title
    override fun compareTo(other: Product): Int = title.compareTo(other.title)
    internal var label: String = ""
        get() = field.uppercase()
    companion object {
        const val MAX = 10
        var created = 0
        fun createdCount() = created
    }
}

data class Book(val pages: Int) : Product("b"), Priced {
    override fun netCents() = pages * 2
    override val currency get() = "EUR"
    override fun summary(): String {
        val s = super.summary()
        if (pages > 0 && s.isNotEmpty()) return s + this.pages
        return when (pages) { 1 -> "one"; else -> "many" }
    }
}

object Registry {
    private val items = mutableListOf<Product>()
    fun register(p: Product) { items.add(p); helper() }
    private fun helper() {}
}

enum class Format(val code: Int) { PAPER(1), EBOOK(2); fun isDigital() = this == EBOOK }

sealed interface Shape
typealias Books = List<Book>

fun Book.label(): String = "${title} (${pages})"
fun topLevel(x: Int): Int { fun local() = x; return local() + maximum(1, 2) }
val DEFAULT_BOOK = Book(1)
private const val SECRET = "s"
