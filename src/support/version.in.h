#pragma once
#define CG_VERSION "@PROJECT_VERSION@"
