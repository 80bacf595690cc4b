<?php
namespace Shop\Billing {

use Shop\Core\{Money, Currency as Cur};
use function Shop\Core\round_cents;
use Psr\Log\LoggerInterface;

define('BILLING_VERSION', '2.1');
const DEFAULT_RATE = 0.2;

interface Payable extends \Countable, Describable
{
    public function amount(): Money;
}

enum Status: string
{
    case Open = 'open';
    case Paid = 'paid';

    public function label(): string
    {
        return ucfirst($this->value);
    }
}

trait Audits
{
    private array $log = [];

    protected function audit(string $line): void
    {
        $this->log[] = $line;
    }
}

/**
 * An invoice.
 */
abstract class Invoice implements Payable
{
    use Audits;

    final public const PREFIX = 'INV';
    protected static int $issued = 0, $voided = 0;
    var $legacy;

    public function __construct(private LoggerInterface $logger, Cur $currency)
    {
        self::$issued++;
    }

    abstract protected function lines(): array;

    public function amount(): Money
    {
        $total = new Money(0);
        foreach ($this->lines() as $line) {
            if ($line instanceof Money && $line->positive()) {
                $total = $total->add($line);
            }
        }
        try {
            return round_cents($total) ?? Money::zero();
        } catch (\InvalidArgumentException | OverflowError $e) {
            $this->logger?->error($e->getMessage());
            return parent::amount();
        }
    }

    public static function make(): static
    {
        return new static();
    }
}

function invoice_total(Invoice $i): float
{
    return $i->amount()->value() * (1 + DEFAULT_RATE);
}

}
