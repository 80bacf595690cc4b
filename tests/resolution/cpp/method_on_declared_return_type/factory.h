#pragma once
#include "models.h"

Repo& open_repo();
