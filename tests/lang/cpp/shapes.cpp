// shapes.cpp - out-of-line members of shapes.hpp and the shape factory.
#include "shapes.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

using namespace std::string_literals;

namespace draw {

int shapes_created = 0;
int Shape::count = 0;

namespace {

// Shapes made by make_shape, for the statistics page.
std::vector<Kind> made_kinds;
const double kPi = 3.14159265358979;

double square(double x) { return x * x; }

}  // namespace

Shape::Shape(std::string name) : name_(std::move(name)), id_(++count), generation_(0) {
  shapes_created += 1;
}

Shape::~Shape() { --count; }

bool Shape::operator<(const Shape& other) const {
  return area() < other.area() || (area() == other.area() && name_ < other.name_);
}

void Shape::rename(const std::string& name) {
  if (name.empty()) throw std::invalid_argument("empty name");
  this->name_ = name;
  generation_++;
}

double Circle::area() const { return kPi * square(radius_); }

double Polygon::area() const {
  double sum = 0;
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    const geo::Point& a = vertices[i];
    const geo::Point& b = vertices[(i + 1) % vertices.size()];
    sum += a.x * b.y - b.x * a.y;
  }
  return std::abs(sum) / 2;
}

double Polygon::Edge::length() const {
  return std::sqrt(square(to.x - from.x) + square(to.y - from.y));
}

Polygon::Edge Polygon::edge(std::size_t i) const {
  return Edge{vertices.at(i), vertices.at((i + 1) % vertices.size())};
}

template <typename S>
double Group<S>::area() const {
  return std::accumulate(members_.begin(), members_.end(), 0.0,
                         [](double acc, const auto& s) { return acc + (s ? s->area() : 0); });
}

/// Makes an empty shape of the given kind.
ShapePtr make_shape(Kind kind) {
  made_kinds.push_back(kind);
  switch (kind) {
    case Kind::Circle:
      return std::make_unique<Circle>(geo::Point{0, 0}, 1.0);
    case Kind::Polygon: {
      auto* polygon = new Polygon();
      polygon->vertices.reserve(kMaxVertices);
      return ShapePtr(polygon);
    }
    case Kind::Group:
      return std::unique_ptr<Shape>(new Group<>());
  }
  throw std::logic_error("unknown kind "s + std::to_string(static_cast<int>(kind)));
}

double total_area(const ShapeList& shapes) {
  double total = 0;
  for (const auto& shape : shapes) {
    try {
      total += shape->area();
    } catch (const std::exception& e) {
      continue;
    } catch (...) {
      throw;
    }
  }
  return total;
}

}  // namespace draw

int main(int argc, char** argv) {
  draw::ShapeList shapes;
  shapes.push_back(draw::make_shape(draw::Kind::Circle));
  draw::shapes_created = argc > 1 ? std::atoi(argv[1]) : 0;
  return draw::total_area(shapes) > 0 && !shapes.empty() ? 0 : 1;
}
