package com.example.shop.orders;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.*;
import static java.util.Objects.requireNonNull;
import com.example.shop.payment.PaymentGateway;

/**
 * Places and tracks customer orders.
 */
public class OrderService extends AbstractService implements AutoCloseable, Auditable<Order> {
    public static final int MAX_ITEMS = 50;
    static final String PREFIX = "ORD-", SUFFIX = "";
    private static int created = 0;
    protected final PaymentGateway gateway;
    private List<Order> orders = new ArrayList<>();
    int retries, timeouts;

    /** Creates a service that charges through {@code gateway}. */
    public OrderService(PaymentGateway gateway) {
        super("orders");
        this.gateway = requireNonNull(gateway);
    }

    OrderService() {
        this(PaymentGateway.noop());
    }

    public Order place(String customer, List<Item> items) throws OrderException {
        if (items == null || items.isEmpty()) {
            throw new OrderException("empty order");
        } else if (items.size() > MAX_ITEMS) {
            throw new OrderException("too many items: " + items.size());
        }
        Order order = new Order(PREFIX + (++created), customer);
        for (Item item : items) {
            order.add(item);
        }
        try {
            gateway.charge(order.total());
        } catch (PaymentException e) {
            retries++;
            return null;
        } catch (RuntimeException e) {
            timeouts += 1;
            throw e;
        }
        orders.add(order);
        audit(order);
        return order;
    }

    private int countByStatus(Status status) {
        int n = 0;
        for (int i = 0; i < orders.size(); i++) {
            n += orders.get(i).getStatus() == status && status != null ? 1 : 0;
        }
        return n;
    }

    @Override
    public void audit(Order order) {
        orders.stream().map(Order::getId).forEach(System.out::println);
        Executors.newSingleThreadExecutor().submit(() -> log(order));
    }

    private static void log(Object o) {
        System.out.println(o);
    }

    @Override
    public void close() {
        orders.clear();
    }

    /** Order lifecycle. */
    public enum Status {
        NEW, PAID,
        SHIPPED {
            @Override
            boolean isFinal() { return true; }
        };

        boolean isFinal() { return false; }
    }

    static class Receipt {
        private final String text;

        Receipt(String text) { this.text = text; }

        String render() {
            switch (text.length()) {
                case 0:
                    return "";
                case 1:
                case 2:
                    return text;
                default:
                    return text.trim();
            }
        }
    }
}
