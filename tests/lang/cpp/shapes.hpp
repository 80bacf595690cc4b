// shapes.hpp - the shape hierarchy of the drawing library.
#pragma once

#include <memory>
#include <string>
#include <vector>
#include "geometry/point.h"

#define SHAPES_VERSION 2
#define SHAPES_DEPRECATED(msg) [[deprecated(msg)]]

namespace draw {

/// Largest number of vertices a polygon may have.
constexpr int kMaxVertices = 64;
extern int shapes_created;

/// What a shape is made of.
enum class Kind : unsigned char { Circle, Polygon, Group = 8 };

/// Something that can report its area.
template <typename T>
concept HasArea = requires(const T& t) { t.area(); };

/// Base of every shape: abstract, not copyable.
class Shape {
 public:
  explicit Shape(std::string name);
  Shape(const Shape&) = delete;
  virtual ~Shape();

  /// Area in square units.
  virtual double area() const = 0;
  const std::string& name() const { return name_; }
  Shape& operator=(const Shape&) = delete;
  bool operator<(const Shape& other) const;

  static int count;

 protected:
  void rename(const std::string& name);
  Kind kind_ = Kind::Circle;

 private:
  std::string name_;
  int id_, generation_;
};

/// A circle around a centre point.
class Circle final : public Shape {
 public:
  Circle(geo::Point centre, double radius) : Shape("circle"), centre_(centre), radius_(radius) {}
  double area() const override;
  double radius() const noexcept { return radius_; }

 private:
  geo::Point centre_;
  double radius_;
};

/// A closed polygon; vertices in order.
struct Polygon : Shape, private std::enable_shared_from_this<Polygon> {
  using Vertices = std::vector<geo::Point>;
  Polygon() : Shape("polygon") {}
  double area() const override;
  Vertices vertices;

  /// An edge between two consecutive vertices.
  struct Edge {
    geo::Point from, to;
    double length() const;
  };
  Edge edge(std::size_t i) const;
};

/// Shapes drawn together.
template <typename S = Shape>
class Group : public Shape {
 public:
  Group() : Shape("group") {}
  template <typename U>
  void add(std::unique_ptr<U> shape) { members_.push_back(std::move(shape)); }
  double area() const override;
  std::size_t size() const { return members_.size(); }

 private:
  std::vector<std::unique_ptr<S>> members_;
};

typedef std::unique_ptr<Shape> ShapePtr;
using ShapeList = std::vector<ShapePtr>;

union Color {
  unsigned rgba;
  unsigned char channel[4];
};

ShapePtr make_shape(Kind kind);
double total_area(const ShapeList& shapes);

}  // namespace draw
