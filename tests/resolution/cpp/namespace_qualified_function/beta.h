#pragma once

namespace beta {
int helper();
}
