/* libFuzzer harness of facet.h: closest point and region, facet frame, velocities, nodal forces, the multi-facet
 * reduction and the state handover (see fuzz.h). Domain (facet.h): finite inputs with coordinates below about
 * 1e75 in magnitude (the squared double area is a fourth power of the lengths), degenerate triangles included;
 * there every output is finite. The harness checks below 1e70 (velocities and forces below 1e100). */
#include "fuzz.h"

/* A vector whose norm is computed without underflow: zero, or its largest component above 1e-100. */
static inline int fz_norm_ok(demc_vec3 v)
{
    const double m = fmax(fabs(v.x), fmax(fabs(v.y), fabs(v.z)));
    return m == 0.0 || m > 1e-100;
}

static inline int fz_unit_or_zero(demc_vec3 v)
{
    const double n2 = demc_vec3_norm2(v);
    return n2 == 0.0 || fabs(n2 - 1.0) <= 1e-14;
}

/* Edges of length 0 or at least 1e-70: the squared double area, a fourth power of the lengths, is then a normal
 * double (facet.h; shorter edges give an imprecise face normal). */
static inline int fz_edges_in_range(const demc_facet_triangle *t)
{
    int k;
    for (k = 0; k < 3; ++k) {
        const demc_vec3 e = demc_vec3_sub(t->vertex[(k + 1) % 3], t->vertex[k]);
        const double m = fmax(fabs(e.x), fmax(fabs(e.y), fabs(e.z)));
        if (m != 0.0 && m < 1e-70) return 0;
    }
    return 1;
}

/* The conditioning of results built on the edges (≥ 1): max |x_k| over the shortest edge (the edges are
 * differences of the coordinates, so a short edge far from the origin carries their rounding, eps·|x|/|e|
 * relative) times the aspect ratio L_max²/2A (the barycentric gradients ~ 1/height of a thin triangle). */
static inline double fz_condition(const demc_facet_triangle *t)
{
    double emin = HUGE_VAL, emax = 0.0, xmax = 0.0, area2;
    int k;
    for (k = 0; k < 3; ++k) {
        const demc_vec3 e = demc_vec3_sub(t->vertex[(k + 1) % 3], t->vertex[k]), xv = t->vertex[k];
        emin = fmin(emin, demc_vec3_norm(e));
        emax = fmax(emax, demc_vec3_norm(e));
        xmax = fmax(xmax, fmax(fabs(xv.x), fmax(fabs(xv.y), fabs(xv.z))));
    }
    area2 = demc_vec3_norm(demc_vec3_cross(demc_vec3_sub(t->vertex[1], t->vertex[0]),
                                           demc_vec3_sub(t->vertex[2], t->vertex[0])));
    if (!(emin > 0.0)) return 1.0;
    return fmax(1.0, xmax / emin) * (area2 > 0.0 ? fmax(1.0, emax * emax / area2) : 1.0);
}

/* Geometry across scales: a base configuration (coordinates, radius and velocity below 1e3, read in corner mode)
 * and the same scaled by 2^k, k in [−960, 960] (exact: every input a power-of-2 multiple of the base's). A length
 * must not depend on the unit: the closest point's region and weights, the unit normals, and the contact frames
 * (sphere–facet and sphere–sphere) are the same, and every length scales by 2^k, up to a few roundings of the
 * base's own conditioning (the issue-36 triangle of edges 1e-79 m had |n_f|² − 1 = 6.7e-4). */
static int fz_exact_scale(demc_vec3 v, double s)
{
    return v.x * s / s == v.x && v.y * s / s == v.y && v.z * s / s == v.z && fz_fin(v.x * s) && fz_fin(v.y * s) &&
           fz_fin(v.z * s);
}
static int fz_close(double a, double b, double tol) { return fabs(a - b) <= tol; }
static int fz_vclose(demc_vec3 a, demc_vec3 b, double tol)
{
    return fz_close(a.x, b.x, tol) && fz_close(a.y, b.y, tol) && fz_close(a.z, b.z, tol);
}

static void fz_facet_scales(fz_reader *r)
{
    demc_facet_triangle t0, t1;
    demc_facet_contact c0, c1;
    demc_contact_def def;
    demc_contact_model model;
    demc_body b0, b1, j0, j1;
    demc_contact_frame f0, f1;
    demc_vec3 x;
    double rad, s, is, tol, len = 0.0;
    int k, q;
    for (q = 0; q < 3; ++q) {
        t0.vertex[q] = demc_vec3_make(fz_corner(r, -1e3, 1e3), fz_corner(r, -1e3, 1e3), fz_corner(r, -1e3, 1e3));
        t0.velocity[q] = demc_vec3_make(0.0, 0.0, 0.0);
    }
    x = demc_vec3_make(fz_corner(r, -1e3, 1e3), fz_corner(r, -1e3, 1e3), fz_corner(r, -1e3, 1e3));
    rad = fz_corner(r, 1e-3, 1e3);
    k = fz_int(r, 0, 240); /* bytes past the range give values outside it: no scale */
    if (k < 0 || k > 240) return;
    k = 8 * (k - 120);
    s = ldexp(1.0, k);
    is = ldexp(1.0, -k);
    if (!fz_exact_scale(x, s) || !fz_exact_scale(demc_vec3_make(rad, 0.0, 0.0), s)) return;
    t1 = t0;
    for (q = 0; q < 3; ++q) {
        if (!fz_exact_scale(t0.vertex[q], s)) return;
        t1.vertex[q] = demc_vec3_scale(t0.vertex[q], s);
        len = fmax(len, fmax(fabs(t0.vertex[q].x), fmax(fabs(t0.vertex[q].y), fabs(t0.vertex[q].z))));
    }
    len = fmax(len, fmax(fabs(x.x), fmax(fabs(x.y), fabs(x.z))));
    FZ_CALL(c0 = demc_facet_closest_point(&t0, x));
    FZ_CALL(c1 = demc_facet_closest_point(&t1, demc_vec3_scale(x, s)));
    /* the tolerance: rounding of the base's own computation, eps times its conditioning */
    tol = 1e-13 * fz_condition(&t0) * (1.0 + len / fmax(c0.distance, 1e-300));
    if (!(tol < 1e-3)) return; /* a configuration too ill-conditioned to compare (a sliver, a point on an edge) */
#ifdef FZ_SCALE_DUMP
    fprintf(stderr, "k %d x %a %a %a\n", k, x.x, x.y, x.z);
    for (q = 0; q < 3; ++q) fprintf(stderr, "v%d %a %a %a\n", q, t0.vertex[q].x, t0.vertex[q].y, t0.vertex[q].z);
    fprintf(stderr, "region %d %d w %g %g %g / %g %g %g d %g %g tol %g\n", c0.region, c1.region, c0.weight[0],
            c0.weight[1], c0.weight[2], c1.weight[0], c1.weight[1], c1.weight[2], c0.distance, c1.distance * is, tol);
#endif
    FZ_CHECK(fz_vclose(c1.face_normal, c0.face_normal, tol) && fz_vclose(c1.normal, c0.normal, tol));
    if (c1.region == c0.region)
        FZ_CHECK(fz_close(c1.weight[0], c0.weight[0], tol) && fz_close(c1.weight[1], c0.weight[1], tol) &&
                 fz_close(c1.weight[2], c0.weight[2], tol));
    else /* a tie of two closest points within rounding (coincident vertices, equidistant edges): the same point */
        FZ_CHECK(c0.region != DEMC_FACET_REGION_FACE && c1.region != DEMC_FACET_REGION_FACE);
    FZ_CHECK(fz_close(c1.distance * is, c0.distance, tol * len) && fz_close(c1.height * is, c0.height, tol * len));
    FZ_CHECK(fz_vclose(demc_vec3_scale(c1.point, is), c0.point, tol * len));
    /* the contact frames on the two scales */
    if (demc_contact_def_init(DEMC_CONTACT_PRESET_HMD, sizeof def, &def, NULL) != DEMC_OK ||
        demc_contact_model_init(&def, &model, NULL) != DEMC_OK)
        return;
    memset(&b0, 0, sizeof b0);
    b0.position = x;
    b0.velocity = demc_vec3_make(1.0, -2.0, 0.5);
    b0.angular_velocity = demc_vec3_make(0.25, 0.5, -1.0);
    b0.radius = rad;
    b0.mass = 1.0;
    b1 = b0;
    b1.position = demc_vec3_scale(x, s);
    b1.velocity = demc_vec3_scale(b0.velocity, s);
    b1.radius = rad * s;
    FZ_CALL(f0 = demc_contact_frame_sphere_facet(&model, &b0, &t0, &c0));
    FZ_CALL(f1 = demc_contact_frame_sphere_facet(&model, &b1, &t1, &c1));
    FZ_CHECK((f0.overlap > 0.0) == (f1.overlap > 0.0) || fz_close(f1.overlap * is, f0.overlap, tol * len));
    if (f0.overlap > 0.0 && f1.overlap > 0.0) {
        FZ_CHECK(fz_close(f1.overlap * is, f0.overlap, tol * len) && fz_vclose(f1.normal, f0.normal, tol));
        FZ_CHECK(fz_vclose(demc_vec3_scale(f1.branch_i, is), f0.branch_i, tol * len) &&
                 fz_vclose(demc_vec3_scale(f1.branch_j, is), f0.branch_j, tol * len));
        FZ_CHECK(fz_close(f1.effective_radius * is, f0.effective_radius, tol * len));
    }
    /* sphere–sphere: sphere j of the same radius at vertex 0 */
    j0 = b0;
    j0.position = t0.vertex[0];
    j0.velocity = demc_vec3_make(0.0, 0.0, 0.0);
    j1 = j0;
    j1.position = t1.vertex[0];
    j1.radius = b1.radius;
    FZ_CALL(f0 = demc_contact_frame_sphere_sphere(&model, &b0, &j0));
    FZ_CALL(f1 = demc_contact_frame_sphere_sphere(&model, &b1, &j1));
    tol = 1e-13 * (1.0 + len / fmax(fabs(f0.overlap), 1e-300));
    if (f0.overlap > 0.0 && f1.overlap > 0.0 && tol < 1e-3) {
        FZ_CHECK(fz_close(f1.overlap * is, f0.overlap, tol * len) && fz_vclose(f1.normal, f0.normal, tol));
        FZ_CHECK(fz_vclose(demc_vec3_scale(f1.branch_i, is), f0.branch_i, tol * len) &&
                 fz_close(f1.effective_radius * is, f0.effective_radius, tol * len));
        FZ_CHECK(fz_vclose(demc_vec3_scale(f1.velocity_i, is), f0.velocity_i, tol * len));
    }
}

static void demc_fuzz_facet(const unsigned char *data, size_t size)
{
    fz_reader r = {data, size, 0};
    demc_facet_triangle tri[3];
    demc_facet_contact c[3];
    demc_vec3 x = fz_vec3(&r), v, w, f, couple, nodal[3];
    double radius = fz_double(&r), offset = fz_double(&r);
    int64_t nodes[9];
    int keep[3], has_state[3], t, k, in_all = 1;
    int64_t source[3];
    size_t kept, handed, q;
    demc_geometry g;
    for (t = 0; t < 3; ++t) {
        /* three facets; the second and third share nodes with the first as the input says (a mesh) */
        const int share = fz_int(&r, 0, 3);
        for (k = 0; k < 3; ++k) tri[t].vertex[k] = demc_vec3_add(x, fz_vec3(&r));
        for (k = 0; k < 3; ++k) tri[t].velocity[k] = fz_vec3(&r);
        for (k = 0; k < 3; ++k) nodes[3 * t + k] = 10 * t + k;
        if (t > 0 && share >= 1) { tri[t].vertex[0] = tri[0].vertex[1]; nodes[3 * t] = nodes[1]; }
        if (t > 0 && share >= 2) { tri[t].vertex[1] = tri[0].vertex[0]; nodes[3 * t + 1] = nodes[0]; }
        if (t > 0 && share >= 3) { tri[t].vertex[2] = tri[0].vertex[2]; nodes[3 * t + 2] = nodes[2]; }
    }
    f = fz_vec3(&r);
    couple = fz_vec3(&r); /* a rolling or twisting couple on the facet, besides the offset's moment */
    for (t = 0; t < 3; ++t) {
        const int in = fz_vwithin(x, 1e70) && fz_vwithin(tri[t].vertex[0], 1e70) &&
                       fz_vwithin(tri[t].vertex[1], 1e70) && fz_vwithin(tri[t].vertex[2], 1e70) &&
                       fz_edges_in_range(&tri[t]);
        const int vin = in && fz_vwithin(tri[t].velocity[0], 1e100) && fz_vwithin(tri[t].velocity[1], 1e100) &&
                        fz_vwithin(tri[t].velocity[2], 1e100);
        demc_facet_triangle still;
        FZ_CALL(still = demc_facet_triangle_make(tri[t].vertex[0], tri[t].vertex[1], tri[t].vertex[2]));
        FZ_CHECK(memcmp(still.vertex, tri[t].vertex, sizeof still.vertex) == 0);
        FZ_CHECK(demc_vec3_norm2(still.velocity[0]) == 0.0 && demc_vec3_norm2(still.velocity[1]) == 0.0 &&
                 demc_vec3_norm2(still.velocity[2]) == 0.0);
        FZ_CALL(c[t] = demc_facet_closest_point(&tri[t], x));
        in_all = in_all && vin;
        if (in) {
            const demc_facet_contact *ct = &c[t];
            demc_vec3 p;
            double scale = 0.0, ws;
            FZ_CHECK((int)ct->region >= 0 && (int)ct->region <= 6);
            FZ_CHECK(fz_fin(ct->distance) && ct->distance >= 0.0 && fz_fin(ct->height) && fz_vfin(ct->point) &&
                     fz_vfin(ct->normal) && fz_vfin(ct->face_normal));
            FZ_CHECK(fz_unit_or_zero(ct->normal) && fz_unit_or_zero(ct->face_normal));
            if (demc_vec3_norm2(ct->face_normal) == 0.0) FZ_CHECK(ct->region != DEMC_FACET_REGION_FACE);
            if (ct->distance > 0.0) FZ_CHECK(demc_vec3_norm2(ct->normal) > 0.5);
            for (k = 0; k < 3; ++k) {
                FZ_CHECK(ct->weight[k] >= 0.0 && ct->weight[k] <= 1.0);
                scale = fmax(scale, fmax(fabs(tri[t].vertex[k].x), fmax(fabs(tri[t].vertex[k].y),
                                                                     fabs(tri[t].vertex[k].z))));
            }
            scale = fmax(scale, fmax(fabs(x.x), fmax(fabs(x.y), fabs(x.z))));
            ws = ct->weight[0] + ct->weight[1] + ct->weight[2];
            FZ_CHECK(fabs(ws - 1.0) <= 1e-12);
            /* P = Σ w_k x_k, d = |x − P| (to rounding of the coordinates' scale) */
            p = demc_vec3_add(demc_vec3_add(demc_vec3_scale(tri[t].vertex[0], ct->weight[0]),
                                            demc_vec3_scale(tri[t].vertex[1], ct->weight[1])),
                              demc_vec3_scale(tri[t].vertex[2], ct->weight[2]));
            FZ_CHECK(demc_vec3_norm(demc_vec3_sub(p, ct->point)) <= 1e-12 * fz_condition(&tri[t]) * scale ||
                     fz_condition(&tri[t]) >= 1e6);
            {
                const demc_vec3 gap = demc_vec3_sub(x, ct->point);
                FZ_CHECK(fabs(demc_vec3_dot(gap, demc_vec3_normalize(gap)) - ct->distance) <=
                             1e-12 * fz_condition(&tri[t]) * scale ||
                         fz_condition(&tri[t]) >= 1e6);
            }
            /* no vertex of the triangle is closer than P (the closest point; decided on squared distances, so
             * for lengths whose squares are normal doubles) */
            for (k = 0; k < 3 && scale > 1e-100; ++k)
            {
                FZ_CHECK(ct->distance <= demc_vec3_norm(demc_vec3_sub(x, tri[t].vertex[k])) +
                                             1e-12 * fz_condition(&tri[t]) * scale ||
                         fz_condition(&tri[t]) >= 1e6);
            }
            if (fz_within(radius, 1e100)) {
                FZ_CALL(g = demc_geometry_sphere_facet(ct, x, radius, ct->point));
                FZ_CHECK(fz_fin(g.overlap) && fz_vfin(g.normal) && fz_vfin(g.branch_i) && fz_vfin(g.branch_j));
                FZ_CHECK(g.overlap == radius - ct->distance);
            }
        }
        FZ_CALL(v = demc_facet_point_velocity(&tri[t], &c[t]));
        FZ_CALL(w = demc_facet_angular_velocity(&tri[t]));
        if (vin) {
            FZ_CHECK(fz_vfin(v) && fz_vfin(w));
            if (demc_vec3_norm2(c[t].face_normal) == 0.0) FZ_CHECK(demc_vec3_norm2(w) == 0.0);
        }
        FZ_CALL(v = demc_facet_rigid_velocity(tri[t].vertex[0], tri[t].velocity[0], tri[t].velocity[1], x));
        if (vin && fz_vwithin(x, 1e50) && fz_vwithin(tri[t].vertex[0], 1e50) && fz_vwithin(tri[t].velocity[1], 1e50))
            FZ_CHECK(fz_vfin(v));
        {
            /* the torque about P of −F at P + s n (s = offset) and the couple */
            const demc_vec3 torque =
                demc_vec3_add(demc_vec3_scale(demc_vec3_cross(f, c[t].normal), offset), couple);
            FZ_CALL(demc_facet_nodal_forces(&tri[t], &c[t], f, torque, nodal));
            if (in && fz_vwithin(f, 1e100) && fz_within(offset, 1e100) && fz_vwithin(couple, 1e100)) {
                /* finite; their sum is −F and their moment about P is the torque (a regular triangle), both to
                 * the rounding of the terms' own size */
                demc_vec3 sum = demc_vec3_add(demc_vec3_add(nodal[0], nodal[1]), nodal[2]), moment;
                const double size_terms =
                    demc_vec3_norm(nodal[0]) + demc_vec3_norm(nodal[1]) + demc_vec3_norm(nodal[2]);
                const double cond = fz_condition(&tri[t]);
                double arm = 0.0;
                FZ_CHECK(fz_vfin(nodal[0]) || !fz_within(size_terms, 1e300)); /* a needle's couple may overflow */
                if (fz_vfin(nodal[0]) && fz_vfin(nodal[1]) && fz_vfin(nodal[2]) && cond < 1e6) {
                    FZ_CHECK(demc_vec3_norm(demc_vec3_add(sum, f)) <=
                             1e-12 * cond * (size_terms + demc_vec3_norm(f)) + 1e-300);
                    /* about P: P and Σ w_k x_k agree to the rounding of the coordinates and of the weights,
                     * (|x_k| + |x_k − P|) eps, which moves the moment of −F by that much times |F| */
                    moment = demc_vec3_make(0.0, 0.0, 0.0);
                    for (k = 0; k < 3; ++k) {
                        const demc_vec3 lever = demc_vec3_sub(tri[t].vertex[k], c[t].point);
                        moment = demc_vec3_add(moment, demc_vec3_cross(lever, nodal[k]));
                        arm += demc_vec3_norm(lever) * demc_vec3_norm(nodal[k]) +
                               (demc_vec3_norm(lever) + demc_vec3_norm(tri[t].vertex[k])) * demc_vec3_norm(f);
                    }
                    if (demc_vec3_norm2(c[t].face_normal) > 0.0 && fz_vfin(torque) && fz_within(arm, 1e300) &&
                        fz_norm_ok(f) && fz_norm_ok(couple))
                        FZ_CHECK(demc_vec3_norm(demc_vec3_sub(moment, torque)) <=
                                 1e-12 * cond * (arm + demc_vec3_norm(torque)) + 1e-300);
                }
            }
        }
    }

    /* the reduction and the handover over the three candidates (with and without node ids) */
    for (k = 0; k < 2; ++k) {
        const size_t count = (size_t)fz_int(&r, 0, 3) % 4u;
        const int64_t *ids = k ? nodes : NULL;
        memset(keep, FZ_POISON, sizeof keep);
        FZ_CALL(kept = demc_facet_reduce(count, c, ids, keep));
        if (count >= 1) FZ_CHECK(kept >= 1);
        FZ_CHECK(kept <= count);
        {
            size_t n_keep = 0;
            for (q = 0; q < count; ++q) {
                FZ_CHECK(keep[q] == 0 || keep[q] == 1);
                n_keep += (size_t)(keep[q] == 1);
            }
            FZ_CHECK(n_keep == kept);
            for (q = count; q < 3; ++q) FZ_CHECK(fz_untouched(&keep[q], sizeof keep[q]));
        }
        for (q = 0; q < 3; ++q) has_state[q] = fz_int(&r, 0, 1) == 1;
        memset(source, FZ_POISON, sizeof source);
        FZ_CALL(handed = demc_facet_handover(count, c, ids, keep, has_state, source));
        {
            size_t n_handed = 0;
            for (q = 0; q < count; ++q) {
                FZ_CHECK(source[q] >= -1 && source[q] < (long)count);
                if (!keep[q]) FZ_CHECK(source[q] == -1);
                if (keep[q] && has_state[q]) FZ_CHECK(source[q] == (long)q);
                if (source[q] >= 0 && source[q] != (long)q) {
                    ++n_handed;
                    FZ_CHECK(!keep[source[q]] && has_state[source[q]]);
                }
            }
            FZ_CHECK(n_handed == handed);
            for (q = count; q < 3; ++q) FZ_CHECK(fz_untouched(&source[q], sizeof source[q]));
        }
    }
    (void)in_all;
    if (r.pos < r.size) fz_facet_scales(&r);
}

#ifdef DEMC_FUZZ_MAIN
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    demc_fuzz_facet(data, size);
    return 0;
}
#endif
