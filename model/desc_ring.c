// SPDX-License-Identifier: GPL-2.0
/*
 * desc_ring.c - a descriptor ring in coherent DMA memory and the DMA
 * engine that walks it (desc_ring.h says what is modelled and why).
 */
#include "desc_ring.h"

#define DRIVER	RL_OWNER(RL_OWN_DRIVER, 0)

u32 rl_dring_owner(const struct rl_dring *r)
{
	return RL_OWNER(RL_OWN_DEVICE, r->hdr.id);
}

static bool dring_valid(const struct rl_obj_hdr *h)
{
	return rl_dring_is_valid(container_of(h, const struct rl_dring, hdr));
}

/* At the end: the device holds nothing (a destroyed ring gave it back). */
static void dring_final(struct rl_obj_hdr *h)
{
	struct rl_dring *r = container_of(h, struct rl_dring, hdr);
	u32 i;

	for (i = 0; i < r->size; i++)
		if (r->sh[i].held)
			rl_ledger_expect(r->m->ledger, r->sh[i].cls, r->sh[i].obj,
					 DRIVER, RL_F_LEAK,
					 "buffer still in a device-owned descriptor at the end");
}

/*
 * At model destroy, a ring its driver never freed (dma_free_coherent
 * missing: the coherent mapping is the leak DMA-API debug reports) is
 * the model's to free.
 */
static void dring_reap(struct rl_obj_hdr *h)
{
	rl_free(container_of(h, struct rl_dring, hdr));
}

static const struct rl_obj_ops dring_ops = {
	.kind = RL_REG_DRING,
	.name = "rl_dring_is_valid",
	.cls = RL_OBJ_DMA,
	.is_valid = dring_valid,
	.final_check = dring_final,
	.reap = dring_reap,
};

static rl_dma_addr_t desc_addr(const struct rl_dring_desc *d)
{
	return ((rl_dma_addr_t)d->des1 << 32) | d->des0;
}

struct rl_dring *rl_dring_create(struct rl_model *m, u32 size, bool tx,
				 const char *name)
{
	struct rl_dring *r;
	int id;

	if (!size || size > RL_DRING_MAX)
		return NULL;
	r = rl_zalloc(sizeof(*r));
	if (!r)
		return NULL;
	r->m = m;
	r->phys = rl_dma_alloc_coherent(m->dma, size * sizeof(r->d[0]));
	if (rl_dma_mapping_error(r->phys)) {
		rl_free(r);
		return NULL;
	}
	id = rl_model_register(m, &r->hdr, &dring_ops);
	if (id < 0) {
		rl_dma_free_coherent(m->dma, size * sizeof(r->d[0]), r->phys);
		rl_free(r);
		return NULL;
	}
	r->hdr.id = (u32)id;
	r->tx = tx;
	r->size = size;
	snprintf(r->name, sizeof(r->name), "%s", name);
	return r;
}

/* The buffer of descriptor @i goes back to the driver. */
static void give_back(struct rl_dring *r, u32 i)
{
	struct rl_dring_shadow *sh = &r->sh[i];

	if (!sh->held)
		return;
	rl_ledger_move(r->m->ledger, sh->cls, sh->obj, rl_dring_owner(r),
		       sh->from, RL_F_OWNER,
		       "buffer of a device-owned descriptor moved behind the ring's back");
	sh->held = false;
	r->held--;
}

void rl_dring_destroy(struct rl_dring *r)
{
	u32 i;

	if (r->running)
		rl_ledger_report_count(r->m->ledger, RL_F_DMA_DEVICE, RL_OBJ_DMA,
				       0, 0, 1,
				       "dma_free_coherent of a descriptor ring its DMA channel still runs on");
	/* freed under a running engine or not, the buffers are the driver's */
	for (i = 0; i < r->size; i++)
		give_back(r, i);
	rl_dma_free_coherent(r->m->dma, r->size * sizeof(r->d[0]), r->phys);
	rl_model_unregister(r->m, &r->hdr);
	rl_free(r);
}

bool rl_dring_is_valid(const struct rl_dring *r)
{
	const struct rl_ledger *l = r->m->ledger;
	u32 i, held = 0;

	if (!r->size || r->size > RL_DRING_MAX || r->cur >= r->size)
		return false;
	for (i = 0; i < r->size; i++) {
		const struct rl_dring_shadow *sh = &r->sh[i];

		if (!sh->held)
			continue;
		/* a held buffer sits in a descriptor the device owns */
		if (!r->running || r->tx || !(r->d[i].des3 & RL_DES3_OWN) ||
		    (sh->cls != RL_OBJ_PAGE && sh->cls != RL_OBJ_XSK) ||
		    rl_ledger_owner(l, sh->cls, sh->obj) != rl_dring_owner(r))
			return false;
		held++;
	}
	return held == r->held;
}

/*
 * Can the running engine get to descriptor @i before the CPU gives it
 * more?  It walks in ring order from its current descriptor and stops at
 * the first one it does not own (dwmac4: the DMA fetches descriptors in
 * order; a non-OWN one suspends it), so an OWN descriptor behind a
 * non-OWN one is out of its reach.
 */
static bool engine_may_reach(const struct rl_dring *r, u32 i)
{
	u32 j;

	for (j = r->cur; j != i; j = (j + 1) % r->size)
		if (!(r->d[j].des3 & RL_DES3_OWN))
			return false;
	return true;
}

/*
 * The CPU writes descriptor @i: a race when the running device owns it
 * and can reach it.
 */
static bool cpu_may_write(struct rl_dring *r, u32 i, const char *what)
{
	if (i >= r->size) {
		rl_ledger_report_count(r->m->ledger, RL_F_OOPS, RL_OBJ_DMA, 0,
				       r->size, i, what);
		return false;
	}
	if (r->running && (r->d[i].des3 & RL_DES3_OWN) &&
	    engine_may_reach(r, i)) {
		rl_ledger_report_count(r->m->ledger, RL_F_OWNER, RL_OBJ_DMA, i,
				       0, 1, what);
		return false;
	}
	return true;
}

void rl_dring_set_addr(struct rl_dring *r, u32 i, rl_dma_addr_t addr,
		       u32 len)
{
	if (!cpu_may_write(r, i, "CPU wrote a buffer address into a descriptor the running DMA owns"))
		return;
	r->d[i].des0 = (u32)addr;
	r->d[i].des1 = (u32)(addr >> 32);
	if (r->tx)
		r->d[i].des2 = len & RL_DES3_LEN;
	r->sh[i].addr_set = true;
}

/*
 * An RX descriptor the running device owns: the page or UMEM frame behind
 * its address is the device's from now on (it may write it any time).
 */
static void acquire(struct rl_dring *r, u32 i)
{
	struct rl_dring_shadow *sh = &r->sh[i];
	enum rl_obj_class cls;
	u32 obj;

	if (r->tx || sh->held || !sh->addr_set ||
	    !(r->d[i].des3 & RL_DES3_OWN) ||
	    !rl_dma_lookup(r->m->dma, desc_addr(&r->d[i]), &cls, &obj) ||
	    (cls != RL_OBJ_PAGE && cls != RL_OBJ_XSK))
		return;
	/*
	 * the driver's hold as the buffer's facility names it (an XSK frame:
	 * its pool's); anything else is not the driver's to give
	 */
	sh->from = rl_ledger_owner(r->m->ledger, cls, obj);
	if (RL_OWNER_KIND(sh->from) != RL_OWN_DRIVER)
		sh->from = DRIVER;
	if (!rl_ledger_move(r->m->ledger, cls, obj, sh->from, rl_dring_owner(r),
			    RL_F_OWNER,
			    "device given a receive buffer the driver does not hold (freed or reused)"))
		return;
	sh->held = true;
	sh->cls = cls;
	sh->obj = obj;
	r->held++;
}

void rl_dring_give(struct rl_dring *r, u32 i, u32 flags)
{
	if (!cpu_may_write(r, i, "CPU handed over a descriptor the running DMA already owns"))
		return;
	/* a descriptor written to coherent memory (cost.h: ring_push) */
	rl_cost_add(r->m, RL_COST_RING_PUSH, 1);
	r->d[i].des3 = flags | RL_DES3_OWN | (r->tx ? 0 : RL_DES3_BUF1V);
	if (r->running)
		acquire(r, i);
}

u32 rl_dring_des3(const struct rl_dring *r, u32 i)
{
	return i < r->size ? r->d[i].des3 : 0;
}

void rl_dring_take(struct rl_dring *r, u32 i)
{
	rl_cost_add(r->m, RL_COST_RING_POP, 1);
	cpu_may_write(r, i, "CPU took the buffer of a descriptor the running DMA owns");
}

void rl_dring_clear(struct rl_dring *r, u32 i)
{
	if (!cpu_may_write(r, i, "CPU cleared a descriptor the running DMA owns"))
		return;
	memset(&r->d[i], 0, sizeof(r->d[i]));
	r->sh[i].addr_set = false;
}

void rl_dring_set_tail(struct rl_dring *r)
{
	/* stmmac_set_rx/tx_tail_ptr: one MMIO write per batch */
	rl_cost_add(r->m, RL_COST_DOORBELL, 1);
	r->suspended = false;
}

void rl_dring_set_base(struct rl_dring *r)
{
	r->cur = 0;
	r->suspended = false;
}

void rl_dring_irq_enable(struct rl_dring *r, bool on)
{
	r->irq_en = on;
}

bool rl_dring_irq_status(struct rl_dring *r)
{
	bool st = r->irq_status && r->irq_en;

	if (st)
		r->irq_status = false;
	return st;
}

bool rl_dring_irq_line(const struct rl_dring *r)
{
	return r->irq_status && r->irq_en;
}

/*
 * Started (again), the engine may write every receive buffer its
 * descriptors hold - also those left owned at the last stop.
 */
void rl_dring_start(struct rl_dring *r)
{
	u32 i;

	r->running = true;
	for (i = 0; i < r->size; i++)
		acquire(r, i);
}

/*
 * Stopped, it touches nothing: every buffer is the driver's to free,
 * though the descriptors still say OWN (dwmac4_dma_stop_rx).
 */
void rl_dring_stop(struct rl_dring *r)
{
	u32 i;

	r->running = false;
	for (i = 0; i < r->size; i++)
		give_back(r, i);
}

/*
 * The engine's current descriptor, if it may process it: running, not
 * suspended, owned by the device (else it suspends).  The descriptor is
 * read from the coherent ring; its buffer address must be one the CPU
 * wrote, inside a live mapping the device may access that way.
 */
static struct rl_dring_desc *engine_desc(struct rl_dring *r, u32 len,
					 bool to_device)
{
	struct rl_dring_desc *d = &r->d[r->cur];

	if (!r->running || r->suspended)
		return NULL;
	if (!(d->des3 & RL_DES3_OWN)) {
		r->suspended = true;
		return NULL;
	}
	rl_dma_device_access(r->m->dma, r->phys + r->cur * sizeof(*d),
			     sizeof(*d), true);
	if (!r->sh[r->cur].addr_set)
		rl_ledger_report_count(r->m->ledger, RL_F_DMA_DEVICE, RL_OBJ_DMA,
				       r->cur, 1, 0,
				       "device used a descriptor whose buffer address was overwritten by the last write-back (stale)");
	else
		rl_dma_device_access(r->m->dma, desc_addr(d), len, to_device);
	return d;
}

int rl_dring_hw_rx(struct rl_dring *r, u32 len)
{
	struct rl_dring_desc *d = engine_desc(r, len, false);

	if (!d)
		return -EAGAIN;
	/* write-back format: status and length, the address gone */
	d->des0 = 0;
	d->des1 = 0;
	d->des2 = 0;
	d->des3 = RL_DES3_FD | RL_DES3_LD | (len & RL_DES3_LEN);
	r->sh[r->cur].addr_set = false;
	rl_cost_add(r->m, RL_COST_HW_RX, 1);
	give_back(r, r->cur);
	r->cur = (r->cur + 1) % r->size;
	/* RI: every frame interrupts (no RX watchdog/coalescing modelled) */
	r->irq_status = true;
	return 0;
}

int rl_dring_hw_tx(struct rl_dring *r)
{
	struct rl_dring_desc *d = &r->d[r->cur];

	d = engine_desc(r, d->des2 & RL_DES3_LEN ? d->des2 & RL_DES3_LEN : 1,
			true);
	if (!d)
		return -EAGAIN;
	/* TX write-back: OWN cleared, the rest kept for the driver */
	d->des3 &= ~RL_DES3_OWN;
	if (d->des3 & RL_DES3_LD)	/* a frame's last descriptor */
		rl_cost_add(r->m, RL_COST_HW_TX, 1);
	r->cur = (r->cur + 1) % r->size;
	/* TI: every descriptor interrupts (no TX coalescing modelled) */
	r->irq_status = true;
	return 0;
}
