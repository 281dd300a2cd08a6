/* Rodrigues parameters against unit quaternions, same inputs, same run (001 section 6 claims the Rodrigues form is
 * cheaper). The quaternion operations are the usual ones of DEM codes, written here in the same style as the
 * library's bodies: Hamilton product (16 mul, 12 add); rotation v + w t + u × t with t = 2 u × v (15 mul, 15 add);
 * first-order update q + ½Δt (0, ω) q followed by renormalisation (one sqrt, one division).
 * "throughput": independent operations over arrays; "chain": each result feeds the next call (latency). */
#include <math.h>

#include "demc.h"
#include "bench.h"

#define N 1024
#define CALLS 4000000L

typedef struct bench_quat {
    double w, x, y, z;
} bench_quat;

static bench_quat quat_mul(bench_quat a, bench_quat b)
{
    bench_quat r;
    r.w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z;
    r.x = a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y;
    r.y = a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x;
    r.z = a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w;
    return r;
}

static demc_vec3 quat_rotate(bench_quat q, demc_vec3 v)
{
    demc_vec3 u = demc_vec3_make(q.x, q.y, q.z);
    demc_vec3 t = demc_vec3_scale(demc_vec3_cross(u, v), 2.0);
    return demc_vec3_add(demc_vec3_add_scaled(v, q.w, t), demc_vec3_cross(u, t));
}

/* q ← normalise(q + ½Δt (0, ω) q): the common first-order quaternion update of DEM codes. */
static bench_quat quat_update(bench_quat q, demc_vec3 omega, double dt)
{
    bench_quat o, d;
    double s;
    o.w = 0, o.x = 0.5 * dt * omega.x, o.y = 0.5 * dt * omega.y, o.z = 0.5 * dt * omega.z;
    d = quat_mul(o, q);
    q.w += d.w, q.x += d.x, q.y += d.y, q.z += d.z;
    s = 1.0 / sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
    q.w *= s, q.x *= s, q.y *= s, q.z *= s;
    return q;
}

static bench_quat to_bench_quat(demc_quat q)
{
    bench_quat r;
    r.w = q.w, r.x = q.x, r.y = q.y, r.z = q.z;
    return r;
}

int main(void)
{
    static demc_vec3 a[N], b[N], v[N], w[N];
    static bench_quat qa[N], qb[N];
    static demc_mat3 t[N];
    double acc = 0.0;
    long k;
    for (k = 0; k < N; ++k) {
        double s = (double)k / N;
        a[k] = demc_vec3_make(0.3 + s, -0.2 * s, 0.5 - s);
        b[k] = demc_vec3_make(-0.1 * s, 0.4, 0.2 + 0.3 * s);
        v[k] = demc_vec3_make(1.0 - s, 2.0 * s, 0.5);
        w[k] = demc_vec3_make(3.0, -2.0 * s, 1.0 + s);
        qa[k] = to_bench_quat(demc_rodrigues_to_quat(a[k]));
        qb[k] = to_bench_quat(demc_rodrigues_to_quat(b[k]));
        t[k] = demc_rodrigues_to_tensor(a[k]);
    }
    BENCH("compose, Rodrigues (eq 11), throughput", CALLS, 5, {
        demc_vec3 c = demc_rodrigues_compose(a[i & (N - 1)], b[i & (N - 1)]);
        acc += c.x;
    });
    BENCH("compose, quaternion product, throughput", CALLS, 5, {
        bench_quat c = quat_mul(qb[i & (N - 1)], qa[i & (N - 1)]);
        acc += c.x;
    });
    BENCH("rotate vector, Rodrigues, throughput", CALLS, 5, {
        demc_vec3 r = demc_rodrigues_rotate(a[i & (N - 1)], v[i & (N - 1)]);
        acc += r.x;
    });
    BENCH("rotate vector, quaternion, throughput", CALLS, 5, {
        demc_vec3 r = quat_rotate(qa[i & (N - 1)], v[i & (N - 1)]);
        acc += r.x;
    });
    BENCH("rotate vector, stored tensor, throughput", CALLS, 5, {
        const demc_mat3 *m = &t[i & (N - 1)];
        demc_vec3 x = v[i & (N - 1)];
        demc_vec3 r = demc_vec3_make(m->m[0][0] * x.x + m->m[0][1] * x.y + m->m[0][2] * x.z,
                                     m->m[1][0] * x.x + m->m[1][1] * x.y + m->m[1][2] * x.z,
                                     m->m[2][0] * x.x + m->m[2][1] * x.y + m->m[2][2] * x.z);
        acc += r.x + r.y + r.z;
    });
    BENCH("tensor from alpha (eq 10), throughput", CALLS, 5, {
        demc_mat3 m = demc_rodrigues_to_tensor(a[i & (N - 1)]);
        acc += m.m[1][2];
    });
    {
        demc_vec3 c = a[0];
        bench_quat q = qa[0];
        BENCH("update, Rodrigues (eq 45+47), chain", CALLS, 5, {
            c = demc_rodrigues_update(c, w[i & (N - 1)], w[(i + 1) & (N - 1)], 0.5, 1e-6);
        });
        BENCH("update, quaternion + normalise, chain", CALLS, 5, {
            /* the same trapezoidal spin as eq 45 with φ = ½ */
            q = quat_update(q, demc_vec3_scale(demc_vec3_add(w[i & (N - 1)], w[(i + 1) & (N - 1)]), 0.5), 1e-6);
        });
        acc += c.x + q.x;
    }
    bench_sink = acc;
    return 0;
}
