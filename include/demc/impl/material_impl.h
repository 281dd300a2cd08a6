/* Bodies of material.h. Included by material.h only; bodies live in headers so that header-only units can inline
 * them. */
#ifndef DEMC_MATERIAL_IMPL_H
#define DEMC_MATERIAL_IMPL_H

DEMC_BEGIN_DECLS

/* Stores the name of the offending input (when asked for) and passes the status through. */
DEMC_STATIC_INLINE demc_status demci_material_fail(demc_status status, const char *field, const char **bad_field)
{
    if (bad_field) *bad_field = field;
    return status;
}

/* The check of one numeric input of a setup function, shared by every module: INVALID_ARGUMENT when the value is
 * not finite, OUT_OF_DOMAIN when it is finite but in_domain is 0, each naming the input; DEMC_OK with bad_field
 * untouched (the caller reports success once all its inputs have passed). */
DEMC_STATIC_INLINE demc_status demci_require(double value, int in_domain, const char *field, const char **bad_field)
{
    if (!demc_is_finite(value)) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, field, bad_field);
    if (!in_domain) return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, field, bad_field);
    return DEMC_OK;
}

/* The most common domain: finite and > 0. */
DEMC_STATIC_INLINE demc_status demci_require_positive(double value, const char *field, const char **bad_field)
{
    return demci_require(value, value > 0.0, field, bad_field);
}

/* An enumerator read as an int (a foreign struct may hold any value): INVALID_ARGUMENT unless 0 ≤ value < count. */
DEMC_STATIC_INLINE demc_status demci_require_enum(int value, int count, const char *field, const char **bad_field)
{
    if (value < 0 || value >= count) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, field, bad_field);
    return DEMC_OK;
}

/* Names of a material's fields as seen from the function that checks it: role 0 stand-alone, 1 material_i,
 * 2 material_j, 3 wall; field 0 is the pointer itself. Static strings (a local table: no file-scope arrays). */
DEMC_STATIC_INLINE const char *demci_material_field(int role, int field)
{
    const char *const names[] = {
        "material",   "youngs_modulus",            "poisson_ratio",            "density",
        "shear_modulus",
        "material_i", "material_i.youngs_modulus", "material_i.poisson_ratio", "material_i.density",
        "material_i.shear_modulus",
        "material_j", "material_j.youngs_modulus", "material_j.poisson_ratio", "material_j.density",
        "material_j.shear_modulus",
        "wall",       "wall.youngs_modulus",       "wall.poisson_ratio",       "wall.density",
        "wall.shear_modulus"};
    return names[5 * role + field];
}

/* The checks of demc_material_validate(), naming fields for the given role; a wall needs no density. */
DEMC_STATIC_INLINE demc_status demci_material_check(const demc_material *m, int role, int needs_density,
                                                    const char **bad_field)
{
    demc_status s;
    if (!m) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, demci_material_field(role, 0), bad_field);
    if ((s = demci_require_positive(m->youngs_modulus, demci_material_field(role, 1), bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_require(m->poisson_ratio, m->poisson_ratio > -1.0 && m->poisson_ratio <= 0.5,
                           demci_material_field(role, 2), bad_field)) != DEMC_OK)
        return s;
    if (needs_density &&
        (s = demci_require_positive(m->density, demci_material_field(role, 3), bad_field)) != DEMC_OK)
        return s;
    if ((s = demci_require(m->shear_modulus, m->shear_modulus >= 0.0, demci_material_field(role, 4), bad_field)) !=
        DEMC_OK)
        return s;
    /* E/(2(1+ν)) overflows only for ν within a rounding of −1 and E near DBL_MAX, and underflows to 0 for a
     * subnormal E: either way no usable G. */
    if (!demc_is_finite(demc_material_shear_modulus(m)) || !(demc_material_shear_modulus(m) > 0.0))
        return demci_material_fail(DEMC_ERR_SINGULAR, demci_material_field(role, 4), bad_field);
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

/* Index (1-4) of the first field of p that is not finite, 0 if none; then of the first that is not > 0. */
DEMC_STATIC_INLINE int demci_pair_first_nonfinite(const demc_pair *p)
{
    if (!demc_is_finite(p->effective_modulus)) return 1;
    if (!demc_is_finite(p->effective_shear_modulus)) return 2;
    if (!demc_is_finite(p->effective_radius)) return 3;
    if (!demc_is_finite(p->effective_mass)) return 4;
    return 0;
}

DEMC_STATIC_INLINE int demci_pair_first_nonpositive(const demc_pair *p)
{
    if (!(p->effective_modulus > 0.0)) return 1;
    if (!(p->effective_shear_modulus > 0.0)) return 2;
    if (!(p->effective_radius > 0.0)) return 3;
    if (!(p->effective_mass > 0.0)) return 4;
    return 0;
}

DEMC_STATIC_INLINE const char *demci_pair_field(int field)
{
    const char *const names[] = {"pair", "pair.effective_modulus", "pair.effective_shear_modulus",
                                 "pair.effective_radius", "pair.effective_mass"};
    return names[field];
}

/* Shear compliance a of one body for the mixing rule: (2 − ν)/G (Mindlin, [Zabulionis 2012] eq 23) or 1/G ([Campello
 * 2015] eq 38). */
DEMC_STATIC_INLINE double demci_shear_compliance(const demc_material *m, demc_shear_mixing mixing)
{
    double g = demc_material_shear_modulus(m);
    return mixing == DEMC_SHEAR_CAMPELLO ? 1.0 / g : (2.0 - m->poisson_ratio) / g;
}

/* Sphere mass (4/3)πρR³. */
DEMC_STATIC_INLINE double demci_sphere_mass(const demc_material *m, double radius)
{
    return 4.18879020478639098461685784437267 * m->density * radius * radius * radius;
}

/* Builds the pair from the two bodies' compliances (reciprocal sums: the wall's terms are 0 for the limit
 * R, m → ∞ and, when rigid, E, G → ∞) and checks that every result is a finite positive double. */
DEMC_STATIC_INLINE demc_status demci_pair_assemble(demc_pair *pair, double modulus_compliance,
                                                   double shear_compliance, demc_shear_mixing mixing,
                                                   double inverse_radius, double inverse_mass,
                                                   const char **bad_field)
{
    demc_pair p;
    int bad;
    p.effective_modulus = 1.0 / modulus_compliance;
    p.effective_shear_modulus = (mixing == DEMC_SHEAR_ZABULIONIS ? 2.0 / 3.0 : 1.0) / shear_compliance;
    p.effective_radius = 1.0 / inverse_radius;
    p.effective_mass = 1.0 / inverse_mass;
    bad = demci_pair_first_nonfinite(&p);
    if (!bad) bad = demci_pair_first_nonpositive(&p);
    if (bad) return demci_material_fail(DEMC_ERR_SINGULAR, demci_pair_field(bad), bad_field);
    *pair = p;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_MATERIAL_FN demc_material demc_material_make(double youngs_modulus, double poisson_ratio, double density)
{
    demc_material m;
    m.youngs_modulus = youngs_modulus;
    m.poisson_ratio = poisson_ratio;
    m.density = density;
    m.shear_modulus = 0.0;
    return m;
}

DEMC_MATERIAL_FN demc_status demc_material_validate(const demc_material *material, const char **bad_field)
{
    return demci_material_check(material, 0, 1, bad_field);
}

DEMC_MATERIAL_FN double demc_material_shear_modulus(const demc_material *material)
{
    return material->shear_modulus > 0.0 ? material->shear_modulus
                                          : material->youngs_modulus / (2.0 * (1.0 + material->poisson_ratio));
}

DEMC_MATERIAL_FN demc_status demc_material_pair_sphere_sphere(const demc_material *material_i, double radius_i,
                                                     const demc_material *material_j, double radius_j,
                                                     demc_shear_mixing mixing, demc_pair *pair,
                                                     const char **bad_field)
{
    demc_status s;
    double ci, cj;
    if ((s = demci_material_check(material_i, 1, 1, bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(radius_i, "radius_i", bad_field)) != DEMC_OK) return s;
    if ((s = demci_material_check(material_j, 2, 1, bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(radius_j, "radius_j", bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_enum((int)mixing, (int)DEMC_SHEAR_CAMPELLO + 1, "mixing", bad_field)) != DEMC_OK) return s;
    if (!pair) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "pair", bad_field);
    ci = (1.0 - material_i->poisson_ratio * material_i->poisson_ratio) / material_i->youngs_modulus;
    cj = (1.0 - material_j->poisson_ratio * material_j->poisson_ratio) / material_j->youngs_modulus;
    return demci_pair_assemble(pair, ci + cj,
                               demci_shear_compliance(material_i, mixing) + demci_shear_compliance(material_j, mixing),
                               mixing, 1.0 / radius_i + 1.0 / radius_j,
                               1.0 / demci_sphere_mass(material_i, radius_i) +
                                   1.0 / demci_sphere_mass(material_j, radius_j),
                               bad_field);
}

DEMC_MATERIAL_FN demc_status demc_material_pair_sphere_wall(const demc_material *material_i, double radius_i,
                                                   const demc_material *wall, demc_shear_mixing mixing,
                                                   demc_pair *pair, const char **bad_field)
{
    demc_status s;
    double ce, cg;
    if ((s = demci_material_check(material_i, 1, 1, bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_positive(radius_i, "radius_i", bad_field)) != DEMC_OK) return s;
    if (wall && (s = demci_material_check(wall, 3, 0, bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_enum((int)mixing, (int)DEMC_SHEAR_CAMPELLO + 1, "mixing", bad_field)) != DEMC_OK) return s;
    if (!pair) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "pair", bad_field);
    ce = (1.0 - material_i->poisson_ratio * material_i->poisson_ratio) / material_i->youngs_modulus;
    cg = demci_shear_compliance(material_i, mixing);
    if (wall) {
        ce += (1.0 - wall->poisson_ratio * wall->poisson_ratio) / wall->youngs_modulus;
        cg += demci_shear_compliance(wall, mixing);
    }
    return demci_pair_assemble(pair, ce, cg, mixing, 1.0 / radius_i, 1.0 / demci_sphere_mass(material_i, radius_i),
                               bad_field);
}

DEMC_MATERIAL_FN demc_status demc_material_pair_validate(const demc_pair *pair, const char **bad_field)
{
    int bad;
    if (!pair) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "pair", bad_field);
    bad = demci_pair_first_nonfinite(pair);
    if (bad) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, demci_pair_field(bad), bad_field);
    bad = demci_pair_first_nonpositive(pair);
    if (bad) return demci_material_fail(DEMC_ERR_OUT_OF_DOMAIN, demci_pair_field(bad), bad_field);
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_MATERIAL_FN demc_status demc_material_moduli_init(const demc_material *material_i,
                                                       const demc_material *material_j, demc_shear_mixing mixing,
                                                       demc_moduli *moduli, const char **bad_field)
{
    demc_status s;
    demc_moduli m;
    double ci, cj = 0.0, gi, gj = 0.0;
    if ((s = demci_material_check(material_i, 1, 0, bad_field)) != DEMC_OK) return s;
    if (material_j && (s = demci_material_check(material_j, 2, 0, bad_field)) != DEMC_OK) return s;
    if ((s = demci_require_enum((int)mixing, (int)DEMC_SHEAR_CAMPELLO + 1, "mixing", bad_field)) != DEMC_OK) return s;
    if (!moduli) return demci_material_fail(DEMC_ERR_INVALID_ARGUMENT, "moduli", bad_field);
    ci = (1.0 - material_i->poisson_ratio * material_i->poisson_ratio) / material_i->youngs_modulus;
    gi = demci_shear_compliance(material_i, mixing);
    if (material_j) {
        cj = (1.0 - material_j->poisson_ratio * material_j->poisson_ratio) / material_j->youngs_modulus;
        gj = demci_shear_compliance(material_j, mixing);
    }
    m.effective_modulus = 1.0 / (ci + cj);
    m.effective_shear_modulus = (mixing == DEMC_SHEAR_ZABULIONIS ? 2.0 / 3.0 : 1.0) / (gi + gj);
    m.compliance_asymmetry = (ci - cj) / (ci + cj);
    if (!(demc_is_finite(m.effective_modulus) && m.effective_modulus > 0.0))
        return demci_material_fail(DEMC_ERR_SINGULAR, "moduli.effective_modulus", bad_field);
    if (!(demc_is_finite(m.effective_shear_modulus) && m.effective_shear_modulus > 0.0))
        return demci_material_fail(DEMC_ERR_SINGULAR, "moduli.effective_shear_modulus", bad_field);
    if (!demc_is_finite(m.compliance_asymmetry)) m.compliance_asymmetry = 0.0; /* both compliances subnormal */
    *moduli = m;
    return demci_material_fail(DEMC_OK, 0, bad_field);
}

DEMC_END_DECLS

#endif /* DEMC_MATERIAL_IMPL_H */
