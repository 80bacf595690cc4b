#pragma once

namespace alpha {
int helper();
}
