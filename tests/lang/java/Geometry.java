package org.acme.geo;

import java.io.*;
import java.util.function.Function;
import java.lang.annotation.Retention;
import static java.lang.Math.*;

/** Marks a shape as persisted under {@code table}. */
@Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
@interface Persisted {
    String table();
    int version() default Shape.VERSION;
}

/** A closed 2-D figure. */
public interface Shape extends Comparable<Shape>, Serializable {
    int VERSION = 3;

    double area();

    default int compareTo(Shape other) {
        return Double.compare(area(), other.area());
    }

    static Shape unit() {
        return new Circle(1.0);
    }

    private void check() {}

    interface Visitor<R> {
        R visit(Shape s);
    }
}

@Persisted(table = "circles")
record Circle(double radius) implements Shape {
    Circle {
        if (radius < 0 || Double.isNaN(radius)) throw new IllegalArgumentException("radius");
    }

    public double area() { return PI * pow(radius, 2); }
}

enum Unit implements Function<Double, Double> {
    MM(0.001), CM(0.01), M(1);

    private final double factor;
    private static Unit preferred = M;

    Unit(double factor) { this.factor = factor; }

    @Override
    public Double apply(Double value) { return value * factor; }
}

final class Shapes {
    private Shapes() {}

    static String describe(Object o) {
        String kind = switch (o) {
            case Circle c when c.radius() == 0 -> "point";
            case Circle c -> "circle " + c.radius();
            case Shape s -> s.getClass().getSimpleName();
            default -> "unknown";
        };
        return kind;
    }

    static double total(java.util.List<? extends Shape> shapes) throws IOException {
        double sum = 0;
        int i = 0;
        try (Writer log = new StringWriter()) {
            outer:
            while (i < shapes.size()) {
                Shape s = shapes.get(i++);
                if (s instanceof Circle c && c.radius() > 10) break outer;
                sum += s.area();
                log.write(String.valueOf(sum));
            }
            do { i--; } while (i > 0);
        }
        Shape.Visitor<String> v = new Shape.Visitor<>() {
            @Override
            public String visit(Shape s) { return s.toString(); }
        };
        Unit.preferred = Unit.CM;
        Object[] arr = new Object[] { v, Shapes.class };
        return ((Number) (Object) sum).doubleValue() + arr.length;
    }
}
