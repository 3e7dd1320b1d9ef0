/*
 * matmul_tiled.hip - C = A x B with square tiles in shared memory: each workgroup loads a tile
 * of A and one of B, waits (__syncthreads) until the whole tile is there, multiplies, and
 * waits again before the next tiles overwrite them. The tile size is a template parameter;
 * the result is checked against a plain CPU multiplication. Sizes that are not a multiple of
 * the tile leave partial workgroups at the edges.
 */
#include "hip_check.h"

#include <math.h>
#include <stdlib.h>

#define ROWS 100   /* A is ROWS x INNER, B is INNER x COLS */
#define INNER 70
#define COLS 90
#define TILE 16

struct dims {
	int rows, inner, cols;
};

template <int T>
__global__ void matmul_tiled(const float *a, const float *b, float *c, struct dims d)
{
	__shared__ float tile_a[T][T];
	__shared__ float tile_b[T][T];
	int row = blockIdx.y * T + threadIdx.y, col = blockIdx.x * T + threadIdx.x;
	float sum = 0;

	for (int t = 0; t < (d.inner + T - 1) / T; t++) {
		int ka = t * T + threadIdx.x, kb = t * T + threadIdx.y;

		tile_a[threadIdx.y][threadIdx.x] = row < d.rows && ka < d.inner ? a[row * d.inner + ka] : 0;
		tile_b[threadIdx.y][threadIdx.x] = kb < d.inner && col < d.cols ? b[kb * d.cols + col] : 0;
		__syncthreads();
		for (int k = 0; k < T; k++)
			sum += tile_a[threadIdx.y][k] * tile_b[k][threadIdx.x];
		__syncthreads();
	}
	if (row < d.rows && col < d.cols)
		c[row * d.cols + col] = sum;
}

static void reference(const float *a, const float *b, float *c, struct dims d)
{
	for (int r = 0; r < d.rows; r++)
		for (int col = 0; col < d.cols; col++) {
			float sum = 0;

			for (int k = 0; k < d.inner; k++)
				sum += a[r * d.inner + k] * b[k * d.cols + col];
			c[r * d.cols + col] = sum;
		}
}

int main(void)
{
	static float a[ROWS * INNER], b[INNER * COLS], c[ROWS * COLS], want[ROWS * COLS];
	struct dims d = { ROWS, INNER, COLS };
	float *da = NULL, *db = NULL, *dc = NULL;
	int wrong = 0;

	for (int i = 0; i < ROWS * INNER; i++)
		a[i] = (float)(i % 17) * 0.125f - 1.0f;
	for (int i = 0; i < INNER * COLS; i++)
		b[i] = (float)(i % 13) * 0.25f - 1.5f;
	reference(a, b, want, d);
	HIP_OK(hipMalloc((void **)&da, sizeof(a)));
	HIP_OK(hipMalloc((void **)&db, sizeof(b)));
	HIP_OK(hipMalloc((void **)&dc, sizeof(c)));
	HIP_OK(hipMemcpy(da, a, sizeof(a), hipMemcpyHostToDevice));
	HIP_OK(hipMemcpy(db, b, sizeof(b), hipMemcpyHostToDevice));
	HIP_OK(hipMemset(dc, 0, sizeof(c)));
	matmul_tiled<TILE><<<dim3((COLS + TILE - 1) / TILE, (ROWS + TILE - 1) / TILE),
			     dim3(TILE, TILE)>>>(da, db, dc, d);
	HIP_OK(hipGetLastError());
	HIP_OK(hipMemcpy(c, dc, sizeof(c), hipMemcpyDeviceToHost));
	for (int i = 0; i < ROWS * COLS; i++)
		wrong += fabsf(c[i] - want[i]) > 1e-3f * (1.0f + fabsf(want[i]));
	hip_check(wrong == 0, "matmul_tiled<%d>() multiplied %dx%d by %dx%d (%d of %d values "
		  "differ from the CPU's)", TILE, ROWS, INNER, INNER, COLS, wrong, ROWS * COLS);
	HIP_OK(hipFree(da));
	HIP_OK(hipFree(db));
	HIP_OK(hipFree(dc));
	return hip_check_exit_status();
}
