/* Bodies of the vector algebra of base.h that needs no libm: static inline in every unit that includes base.h
 * (linked clients too), exported from the library's base unit for the other faces (Fortran, Python). A linked C
 * or C++ host that builds demc_body values with demc_vec3_make() or adds results with demc_vec3_add() would
 * otherwise make a call through the PLT for each: seven a pair in a typical force loop. */
#ifndef DEMC_VEC3_IMPL_H
#define DEMC_VEC3_IMPL_H

DEMC_BEGIN_DECLS

/* x - x is 0 for every finite x and NaN for +-inf and NaN; NaN compares unequal to everything. */
DEMC_VEC3_FN int demc_is_finite(double x) { return x - x == 0.0; }

DEMC_VEC3_FN int demc_vec3_is_finite(demc_vec3 v)
{
    return demc_is_finite(v.x) && demc_is_finite(v.y) && demc_is_finite(v.z);
}

DEMC_VEC3_FN demc_vec3 demc_vec3_make(double x, double y, double z)
{
    demc_vec3 r;
    r.x = x;
    r.y = y;
    r.z = z;
    return r;
}

DEMC_VEC3_FN demc_vec3 demc_vec3_add(demc_vec3 a, demc_vec3 b) { return demc_vec3_make(a.x + b.x, a.y + b.y, a.z + b.z); }

DEMC_VEC3_FN demc_vec3 demc_vec3_sub(demc_vec3 a, demc_vec3 b) { return demc_vec3_make(a.x - b.x, a.y - b.y, a.z - b.z); }

DEMC_VEC3_FN demc_vec3 demc_vec3_scale(demc_vec3 a, double s) { return demc_vec3_make(s * a.x, s * a.y, s * a.z); }

DEMC_VEC3_FN demc_vec3 demc_vec3_add_scaled(demc_vec3 a, double s, demc_vec3 b)
{
    return demc_vec3_make(a.x + s * b.x, a.y + s * b.y, a.z + s * b.z);
}

DEMC_VEC3_FN demc_vec3 demc_vec3_neg(demc_vec3 a) { return demc_vec3_make(-a.x, -a.y, -a.z); }

DEMC_VEC3_FN double demc_vec3_dot(demc_vec3 a, demc_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

DEMC_VEC3_FN demc_vec3 demc_vec3_cross(demc_vec3 a, demc_vec3 b)
{
    return demc_vec3_make(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

DEMC_VEC3_FN double demc_vec3_norm2(demc_vec3 a) { return demc_vec3_dot(a, a); }

DEMC_VEC3_FN demc_vec3 demc_vec3_project_plane(demc_vec3 v, demc_vec3 n)
{
    return demc_vec3_add_scaled(v, -demc_vec3_dot(v, n), n);
}

DEMC_END_DECLS

#endif /* DEMC_VEC3_IMPL_H */
