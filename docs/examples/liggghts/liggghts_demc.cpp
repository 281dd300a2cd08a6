// liggghts-demc: LIGGGHTS with demc's contact law as its granular pair style. MIT licence (see LICENSE).
//
// A host program: it builds LIGGGHTS (Debian's libliggghts), replaces the creator of the pair style "gran" by the one
// below, and runs the input read from stdin or -in. An input written for the native model changes only on its
// pair_style line:   pair_style gran model hertz tangential history   ->   pair_style gran demc hmd conventions liggghts
// Build: make liggghts-demc (linked) or make liggghts-demc-header (header-only: every slot folds into the loop).
// Page "Embedding demc in a DEM engine" (docs/pages/embedding.md) explains every choice made here.
#include "demc.h"
#include <mpi.h>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>
#include "atom.h"
#include "error.h"
#include "fix_property_global.h"
#include "force.h"
#include "input.h"
#include "lammps.h"
#include "modify.h"
#include "neigh_list.h"
#include "neighbor.h"
#include "pair_gran.h"
#include "update.h"

using namespace LAMMPS_NS;

#ifdef DEMC_HEADER_ONLY
#define DEMC_FACE "header-only"
#else
#define DEMC_FACE "linked"
#endif

// The kind of `hmd conventions liggghts` (DEMC_CONTACT_KIND_HMD_LIGGGHTS): a constant, so that the header-only build
// folds it into its own loop; the library has a body of its own for it.
static const demc_contact_kind KIND_LIGGGHTS = DEMC_CONTACT_KIND_HMD_LIGGGHTS;

class PairDemc : public PairGran {
public:
    explicit PairDemc(LAMMPS *lmp) : PairGran(lmp), map_liggghts_(false), shear_(0), nstate_(0), kind_(0) {}
    void settings(int narg, char **arg);
    void init_granular();
    void compute_force(int eflag, int vflag, int addflag);
    double stressStrainExponent() { return def_.normal == DEMC_NORMAL_HERTZ ? 1.5 : 1.0; }
    bool contact_match(const std::string, const std::string) { return true; } // walls keep their native model
    int64_t hashcode() { return 0x64656d63; }

private:
    demc_contact_def def_;
    bool map_liggghts_;                      // γ from e by LIGGGHTS's formula instead of demc's exact map
    int shear_;                              // the demc_shear_mixing of G*
    std::vector<demc_contact_model> models_; // one per pair of atom types, [ti * (ntypes + 1) + tj]
    std::vector<double> range_;              // their demc_contact_model_range(), m (0 unless a law attracts apart)
    size_t nstate_;
    demc_contact_kind kind_;
    template <demc_contact_kind K> void loop(int eflag, int vflag);
    double property(const char *name, const char *kind, int ti, int tj);
};

// Keyword tables: each keyword names a field of demc_contact_def; the values are its enumerators in order.
struct Keyword { const char *name; const char *values; };
static const Keyword keywords[] = {
    {"contact_point", "compliance half"}, {"transport", "rotate project"}, {"spin", "off on"},
    {"stiffness", "average backward forward total"}, {"recalculation", "incremental conventional"},
    {"direction", "force displacement velocity"}, {"unloading", "rescale keep"}, {"coulomb", "total elastic"},
    {"end", "force overlap"}, {"increment", "velocity rolling"}, {"damping_map", "exact liggghts"},
    {"shear", "mindlin zabulionis campello"}, {"tangential", "none spring md mdr"}};

static int choice(Error *error, const char *values, const char *word)
{
    std::string all = std::string(" ") + values + " ", w = std::string(" ") + word + " ";
    size_t at = all.find(w);
    if (at == std::string::npos) error->all(FLERR, (std::string("pair gran demc: expected one of: ") + values).c_str());
    int n = 0;
    for (size_t k = 1; k <= at; ++k) n += all[k] == ' ';
    return n;
}

void PairDemc::settings(int narg, char **arg)
{
    static const char *presets = "hmd lsd plsb hm campello";
    if (narg < 2 || strcmp(arg[0], "demc") != 0)
        error->all(FLERR, "this executable runs demc: pair_style gran demc hmd|lsd|plsb|hm|campello [keyword value ...]"
                          " (run Debian's liggghts for the native models)");
    demc_contact_def_init((demc_contact_preset)choice(error, presets, arg[1]), sizeof def_, &def_, NULL);
    map_liggghts_ = false;
    shear_ = DEMC_SHEAR_MINDLIN;
    history_arg.clear(); // a repeated pair_style line calls settings() again on the same object
    dnum_pairgran = 0;
    for (int a = 2; a < narg; a += 2) {
        if (a + 1 >= narg) error->all(FLERR, "pair gran demc: a keyword without its value");
        const char *key = arg[a], *val = arg[a + 1];
        if (!strcmp(key, "conventions")) { // LIGGGHTS's hertz/tangential history, field by field
            if (choice(error, "demc liggghts", val) == 0) continue;
            def_.contact_point = DEMC_CONTACT_POINT_HALF; def_.transport = DEMC_TRANSPORT_PROJECT;
            def_.friction.stiffness_rule = DEMC_STIFFNESS_TOTAL; def_.friction.recalculation = DEMC_SLIP_CONVENTIONAL;
            def_.friction.direction = DEMC_SLIP_DIRECTION_DISPLACEMENT; def_.friction.coulomb = DEMC_COULOMB_ELASTIC;
            def_.end = DEMC_CONTACT_END_OVERLAP; map_liggghts_ = true;
            continue;
        }
        if (!strcmp(key, "k")) { def_.normal_stiffness = force->numeric(FLERR, val); continue; }
        if (!strcmp(key, "kappa")) { def_.stiffness_ratio = force->numeric(FLERR, val); continue; }
        if (!strcmp(key, "tangential_damping")) { def_.tangential_damping_scale = force->numeric(FLERR, val); continue; }
        if (!strcmp(key, "springs")) { def_.mdr_springs = force->inumeric(FLERR, val); continue; } // tangential mdr
        size_t k = 0;
        while (k < sizeof keywords / sizeof *keywords && strcmp(keywords[k].name, key)) ++k;
        if (k == sizeof keywords / sizeof *keywords) error->all(FLERR, "pair gran demc: unknown keyword");
        const int c = choice(error, keywords[k].values, val);
        switch (k) {
        case 0: def_.contact_point = (demc_contact_point_rule)c; break;
        case 1: def_.transport = (demc_memory_transport)c; break;
        case 2: def_.transport_spin = c; break;
        case 3: def_.friction.stiffness_rule = (demc_stiffness_rule)c; break;
        case 4: def_.friction.recalculation = (demc_slip_recalculation)c; break;
        case 5: def_.friction.direction = (demc_slip_direction)c; break;
        case 6: def_.friction.unloading = (demc_unloading_rule)c; break;
        case 7: def_.friction.coulomb = (demc_coulomb_policy)c; break;
        case 8: def_.end = (demc_contact_end)c; break;
        case 9: def_.increment = (demc_increment_rule)c; break;
        case 10: map_liggghts_ = c == 1; break;
        case 11: shear_ = c; break;
        default: def_.tangential = (demc_tangential_law)c; break;
        }
    }
    // The state layout depends on the laws and conventions only: compile a placeholder to register the history.
    demc_contact_def probe = def_;
    probe.moduli.effective_modulus = probe.moduli.effective_shear_modulus = probe.normal_stiffness = 1.0;
    probe.restitution = 0.5;
    demc_contact_model m;
    const char *bad = NULL;
    if (demc_contact_model_init(&probe, &m, &bad) != DEMC_OK)
        error->all(FLERR, (std::string("pair gran demc: invalid combination at ") + bad).c_str());
    nstate_ = demc_contact_model_state_size(&m);
    kind_ = demc_contact_model_kind(&m);
    // Debian's LIGGGHTS 3.8 fails past about 50 history values a contact (measured with tangential mdr: 50 run; 53 to
    // 98 crash in FixContactHistory::pre_exchange; from 100, PairGran::init_style overflows a buffer). Refused here,
    // with the reason, instead.
    if (nstate_ > 50)
        error->all(FLERR, ("pair gran demc: LIGGGHTS holds at most 50 history values a contact, this model needs " +
                           std::to_string(nstate_) + " (tangential mdr: fewer springs)").c_str());
    // Every pair is evaluated with the atom of the smaller ID as demc's body i (compute_force), so its state never
    // changes sides: no history value takes LIGGGHTS's newton flag (which would negate it when the pair is listed
    // the other way round), and a pair on two ranks holds the same doubles on both, whatever its law.
    for (size_t q = 0; q < nstate_; ++q) add_history_value("demc" + std::to_string(q), "0");
}

double PairDemc::property(const char *name, const char *kind, int ti, int tj)
{
    const int nt = atom->ntypes, pair = !strcmp(kind, "peratomtypepair");
    FixPropertyGlobal *fp = static_cast<FixPropertyGlobal *>(
        modify->find_fix_property(name, "property/global", kind, nt, pair ? nt : 0, "pair gran demc"));
    return pair ? fp->compute_array(ti - 1, tj - 1) : fp->compute_vector(ti - 1);
}

void PairDemc::init_granular() // E, ν per type, e and μ per type pair: the fix property/global of the native models
{
    const int nt = atom->ntypes;
    const bool hertz = def_.normal == DEMC_NORMAL_HERTZ;
    const bool needs_e = def_.damping == DEMC_DAMPING_VISCOUS || def_.normal == DEMC_NORMAL_PLSB;
    models_.assign((nt + 1) * (nt + 1), demc_contact_model());
    range_.assign((nt + 1) * (nt + 1), 0.0);
    for (int ti = 1; ti <= nt; ++ti)
        for (int tj = 1; tj <= nt; ++tj) {
            demc_contact_def d = def_;
            if (hertz) {
                demc_material a = {property("youngsModulus", "peratomtype", ti, 0),
                                   property("poissonsRatio", "peratomtype", ti, 0), 1.0, 0.0};
                demc_material b = {property("youngsModulus", "peratomtype", tj, 0),
                                   property("poissonsRatio", "peratomtype", tj, 0), 1.0, 0.0};
                if (demc_material_moduli_init(&a, &b, (demc_shear_mixing)shear_, &d.moduli, NULL) != DEMC_OK)
                    error->all(FLERR, "pair gran demc: invalid youngsModulus or poissonsRatio");
            }
            if (needs_e) d.restitution = property("coefficientRestitution", "peratomtypepair", ti, tj);
            if (needs_e && map_liggghts_ && def_.damping == DEMC_DAMPING_VISCOUS) {
                // LIGGGHTS: γ = √(5/6)|β| (Hertz), |β| (Hooke), β = ln e/√(ln²e + π²); demc's exact map inverted.
                const double l = log(d.restitution), beta = -l / sqrt(l * l + M_PI * M_PI);
                const double gamma = hertz ? 0.91287092917527685576 * beta : beta;
                (hertz ? demc_damping_hmd_restitution : demc_damping_lsd_restitution)(gamma, d.end, &d.restitution);
            }
            if (d.tangential != DEMC_TANGENTIAL_NONE)
                d.friction.mu_static = d.friction.mu_dynamic = property("coefficientFriction", "peratomtypepair", ti, tj);
            const char *bad = NULL;
            if (demc_contact_model_init(&d, &models_[ti * (nt + 1) + tj], &bad) != DEMC_OK)
                error->all(FLERR, (std::string("pair gran demc: invalid ") + bad).c_str());
            range_[ti * (nt + 1) + tj] = demc_contact_model_range(&models_[ti * (nt + 1) + tj]);
        }
}

void PairDemc::compute_force(int eflag, int vflag, int)
{
    if (eflag || vflag) ev_setup(eflag, vflag);
    else evflag = vflag_fdotr = 0;
    if (!computeflag()) return; // compute pair/gran/local is not served
    if (kind_ == KIND_LIGGGHTS) loop<KIND_LIGGGHTS>(eflag, vflag);
    else if (kind_ == DEMC_CONTACT_KIND_HMD) loop<DEMC_CONTACT_KIND_HMD>(eflag, vflag);
    else loop<0>(eflag, vflag); // any other kind: the evaluation reads it from the model
}

// One pair within reach. A frozen body is infinitely heavy, as in the native model: pinned_mass > 0 is then the
// other body's mass, set as the frame's effective mass between the frame builder and the evaluation. Otherwise a
// linked build makes one library call (the frame never leaves the library); a header-only build inlines both with
// the kind K folded (K = 0: the kind read from the model).
template <demc_contact_kind K>
static inline demc_contact_result eval_pair(const demc_contact_model *model, const demc_body &bi, const demc_body &bj,
                                            double pinned_mass, double dt, double *state)
{
#ifndef DEMC_HEADER_ONLY
    if (!(pinned_mass > 0.0)) return demc_contact_eval_sphere_sphere(model, &bi, &bj, dt, state, NULL);
#endif
    demc_contact_frame fr = demc_contact_frame_sphere_sphere(model, &bi, &bj);
    if (pinned_mass > 0.0) fr.effective_mass = pinned_mass;
    return K ? demc_contact_eval_kind(K, model, &fr, dt, state, NULL) : demc_contact_eval(model, &fr, dt, state, NULL);
}

template <demc_contact_kind K> void PairDemc::loop(int, int)
{
    double **x = atom->x, **v = atom->v, **f = atom->f, **omega = atom->omega, **torque = atom->torque;
    const double *radius = atom->radius, *rmass = atom->rmass, dt = update->dt;
    const int *type = atom->type, *mask = atom->mask, nlocal = atom->nlocal, newton = force->newton_pair;
    const tagint *tag = atom->tag;
    const int nt1 = atom->ntypes + 1, stride = dnum(), frozen = freeze_group_bit();
    const bool update_state = shearupdate(); // false during setup: the state is then evaluated on a copy
    int **first_flag = listgranhistory ? listgranhistory->firstneigh : NULL;
    double **first_hist = listgranhistory ? listgranhistory->firstdouble : NULL;
    double scratch[DEMC_CONTACT_STATE_MAX];
    for (int ii = 0; ii < list->inum; ++ii) {
        const int i = list->ilist[ii], *jlist = list->firstneigh[i], jnum = list->numneigh[i];
        int *flags = first_flag ? first_flag[i] : NULL;
        const demc_body bi = {{x[i][0], x[i][1], x[i][2]}, {v[i][0], v[i][1], v[i][2]},
                              {omega[i][0], omega[i][1], omega[i][2]}, radius[i], rmass[i], 0.0};
        for (int jj = 0; jj < jnum; ++jj) {
            const int j = jlist[jj] & NEIGHMASK, tp = type[i] * nt1 + type[j];
            const double dx = x[i][0] - x[j][0], dy = x[i][1] - x[j][1], dz = x[i][2] - x[j][2];
            const double reach = radius[i] + radius[j] + range_[tp];
            double *state = first_hist ? &first_hist[i][stride * jj] : scratch;
            // apart (the frame builder's own test, done here so that a pair out of reach costs no call): a touching
            // pair's memory is cleared (LIGGGHTS drops it on exchange)
            if (!(dx * dx + dy * dy + dz * dz < reach * reach)) {
                if (update_state && flags && flags[jj]) { flags[jj] = 0; for (size_t q = 0; q < nstate_; ++q) state[q] = 0.0; }
                continue;
            }
            if (!update_state || !first_hist) state = static_cast<double *>(memcpy(scratch, state, nstate_ * sizeof(double)));
            const demc_body bj = {{x[j][0], x[j][1], x[j][2]}, {v[j][0], v[j][1], v[j][2]},
                                  {omega[j][0], omega[j][1], omega[j][2]}, radius[j], rmass[j], 0.0};
            const double pinned = (mask[j] & frozen) ? rmass[i] : (mask[i] & frozen) ? rmass[j] : 0.0;
            const bool i_first = tag[i] < tag[j]; // body i of demc: the atom of the smaller ID
            const demc_contact_result r = i_first ? eval_pair<K>(&models_[tp], bi, bj, pinned, dt, state)
                                                  : eval_pair<K>(&models_[tp], bj, bi, pinned, dt, state);
            if (update_state && flags) flags[jj] = r.overlap > 0.0; // within reach but apart: the evaluation cleared it
            if (!(r.overlap > 0.0)) continue;
            const double s = i_first ? 1.0 : -1.0; // the force on i
            const double F[3] = {s * r.force.x, s * r.force.y, s * r.force.z};
            const demc_vec3 t_i = i_first ? r.torque_i : r.torque_j, t_j = i_first ? r.torque_j : r.torque_i;
            f[i][0] += F[0]; f[i][1] += F[1]; f[i][2] += F[2];
            torque[i][0] += t_i.x; torque[i][1] += t_i.y; torque[i][2] += t_i.z;
            if (newton || j < nlocal) { // newton off: a ghost j gets its force on its own rank
                f[j][0] -= F[0]; f[j][1] -= F[1]; f[j][2] -= F[2];
                torque[j][0] += t_j.x; torque[j][1] += t_j.y; torque[j][2] += t_j.z;
            }
            if (evflag)
                ev_tally_xyz(i, j, nlocal, newton, 0.0, 0.0, F[0], F[1], F[2], x[i][0] - x[j][0], x[i][1] - x[j][1],
                             x[i][2] - x[j][2]);
        }
    }
}

static Pair *create_demc(LAMMPS *lmp) { return new PairDemc(lmp); }

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank = 0, v = demc_version_number();
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    // The library must serve these headers: same major version, run-time version not older than compile-time.
    if (v / 1000000 != DEMC_VERSION_MAJOR || v < DEMC_VERSION_NUMBER) {
        if (rank == 0)
            fprintf(stderr, "liggghts-demc: libdemc %s cannot serve headers %s\n", demc_version_string(),
                    DEMC_VERSION_STRING);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (rank == 0) fprintf(stderr, "liggghts-demc: demc %s (" DEMC_FACE ")\n", demc_version_string());
    LAMMPS *lmp = new LAMMPS(argc, argv, MPI_COMM_WORLD);
    // "gran" exactly: LIGGGHTS's contact-history fix looks the granular pair style up by that name.
    (*lmp->force->pair_map)["gran"] = &create_demc;
    lmp->input->file();
    delete lmp;
    MPI_Finalize();
    return 0;
}
