using System;
using System.Collections.Generic;
using static System.Math;
using Models = Acme.Shop.Models;

namespace Acme.Shop.Services;

/// <summary>A catalog.</summary>
public interface ICatalog : IEnumerable<Book>
{
    Book Find(string isbn);
    int Count { get; }
    event EventHandler Changed;
}

public partial class Catalog : Base, ICatalog
{
    public const int MaxItems = 100;
    private static readonly string Prefix = "cat";
    private readonly List<Book> books = new List<Book>();
    int counter, other;
    public int Count => books.Count;
    public string Name { get; set; }
    public event EventHandler Changed;
    public delegate void Handler(Book b);

    public Catalog(int n) : base(n) { counter = n; }
    static public Catalog Empty() => new Acme.Shop.Services.Catalog(0);
    ~Catalog() { }

    public Book Find(string isbn)
    {
        foreach (var b in books)
        {
            if (b.Isbn == isbn && b != null) return b;
        }
        var x = Models.Book.Create(isbn);
        this.Log("x");
        base.Reset();
        Log(Prefix);
        counter++;
        return x?.Copy() ?? Helper.Make<Book>();
    }

    private void Log(string s) => Console.WriteLine(s);
    public static Catalog operator +(Catalog a, Catalog b) => a;
    public Book this[int i] => books[i];
    public IEnumerator<Book> GetEnumerator() { int Local() => 1; return null; }

    internal class Node { }
}

public struct Point { public int X; public int Y; }
public record Person(string Name, int Age);
public enum Color { Red, Green = 2 }

public static class BookExtensions
{
    public static string Label(this Book b) => b.Title;
}

internal interface IAudited : ICatalog, IDisposable { }

struct Cents : IComparable<Cents>
{
    public int CompareTo(Cents other) => other switch { { } when other.Equals(this) => 0, _ => 1 };
}
