package com.acme.shop
package model

import com.acme.shop.util.Money
import com.acme.shop.util._
import com.acme.shop.util.{Money => M, Tax}
import scala.collection.mutable

trait Priced {
  def netCents: Int
  def grossCents: Int = Money.withVat(netCents)
}

abstract class Product(val title: String) extends Priced with Serializable {
  private[shop] var stock: Int = 0
  private[this] val secret = 1
  protected def label(): String = title
}

case class Book(title0: String, pages: Int) extends Product(title0) {
  override def netCents: Int = pages * Book.CentsPerPage
  def summary(): String = {
    val s = super.label()
    if (pages > 0 && s.nonEmpty) s + this.pages else new StringBuilder().toString
  }
}

object Book {
  val CentsPerPage = 2
  var created = 0
  def apply(title: String): Book = new Book(title, 0)
  private def helper(x: Int) = { def inner() = x; inner() }
}

type Books = List[Book]

enum Format {
  case Paper, Ebook
  case Audio(minutes: Int)
}

def topLevel(b: Book): Int = b.pages match {
  case 1 => 1
  case _ => 2
}
val Default = Book("x")
