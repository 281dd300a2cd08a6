// A CUDA translation unit calling header-only demc functions from a kernel (compile check: no GPU in CI).
#define DEMC_HEADER_ONLY
#include <demc.h>

__global__ void normalise_all(demc_vec3 *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) v[i] = demc_vec3_normalize(v[i]);
}
