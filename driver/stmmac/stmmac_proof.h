/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stmmac_proof.h - the proof view of stmmac.h's structures: the ACSL
 * predicates the driver's contracts and the proof units state their
 * theorems with (proofs/README.md).  Comments only to a C compiler;
 * included by stmmac.h after the structures it reads.
 */
#ifndef RL_STMMAC_PROOF_H
#define RL_STMMAC_PROOF_H

/*
 * Proof view (proofs/README.md, units stmmac_zc_*): a zero-copy receive
 * queue as its buffer paths need it - every XSK buffer a slot holds valid
 * and of the queue's pool, the queue apart from the facility memory the
 * calls write; stmmac_nxsk counts the slots [i, n) holding an XSK buffer:
 * the UMEM frames the ring keeps for the device.
 */
/*@ predicate stmmac_zc_slots{L}(struct rl_stmmac_rx_queue *rx_q, integer n) =
  @   \valid(rx_q->xsk_pool) &&
  @   \forall integer k; 0 <= k < n ==>
  @     rx_q->buf_pool[k].xdp != \null ==>
  @       \valid(rx_q->buf_pool[k].xdp) &&
  @       \separated(rx_q->buf_pool[k].xdp, rx_q) &&
  @       rx_q->buf_pool[k].xdp->pool == rx_q->xsk_pool;
  @
  @ // priv is an allocation of its own: none of the facility memory the
  @ // footprints (proofs/footprints.h) name lies inside it (assumption A6)
  @ predicate stmmac_apart_model{L}(struct rl_stmmac_priv *priv,
  @                                 struct rl_model *m) =
  @   \separated(priv, m) && \separated(priv, m->ledger) &&
  @   \separated(priv, m->ledger->owner[RL_OBJ_PAGE] + (0 .. RL_SPAN)) &&
  @   \separated(priv, m->ledger->owner[RL_OBJ_XSK] + (0 .. RL_SPAN));
  @
  @ predicate stmmac_apart_xsk{L}(struct rl_stmmac_priv *priv,
  @                               struct rl_xsk_pool *p) =
  @   \separated(priv, p) &&
  @   \separated(priv, p->free_list + (0 .. RL_SPAN)) &&
  @   \separated(priv, p->buf + (0 .. RL_SPAN)) &&
  @   stmmac_apart_model(priv, p->m);
  @
  @ // a receive queue's ring and XSK pool, apart from each other and from
  @ // the model's state both footprints write (assumption A6); the ring
  @ // shares the pool's model, so priv's separation from it is said once
  @ predicate stmmac_apart_rx{L}(struct rl_stmmac_priv *priv,
  @                              struct rl_dring *r, struct rl_xsk_pool *p) =
  @   \separated(priv, r) && stmmac_apart_xsk(priv, p) &&
  @   r->m == p->m && \separated(r, p) && \separated(r, p->m) &&
  @   \separated(r, p->m->ledger) &&
  @   \separated(r, p->free_list + (0 .. RL_SPAN)) &&
  @   \separated(r, p->buf + (0 .. RL_SPAN)) &&
  @   \separated(r, p->m->ledger->owner[RL_OBJ_XSK] + (0 .. RL_SPAN)) &&
  @   \separated(p, p->m->ledger);
  @
  @ // the ring's hand-over writes the owner of a page or a UMEM frame
  @ // (RL_DRING_GIVE_FOOTPRINT): apart from the ring and from priv
  @ predicate stmmac_apart_give{L}(struct rl_stmmac_priv *priv,
  @                                struct rl_dring *r) =
  @   \separated(r, r->m->ledger->owner[RL_OBJ_PAGE] + (0 .. RL_SPAN)) &&
  @   \separated(r, r->m->ledger->owner[RL_OBJ_XSK] + (0 .. RL_SPAN)) &&
  @   \separated(r, r->m->ledger) && stmmac_apart_model(priv, r->m);
  @
  @ // page mode: every page a slot holds is a page (the refill's frame)
  @ predicate stmmac_pp_slots{L}(struct rl_stmmac_rx_queue *rx_q, integer n) =
  @   \valid(rx_q->page_pool) && \valid_read(rx_q->page_pool->m) &&
  @   \forall integer k; 0 <= k < n ==>
  @     rx_q->buf_pool[k].page != \null ==> \valid(rx_q->buf_pool[k].page);
  @
  @ // the ring apart from priv and from what a page_pool allocation
  @ // writes (RL_PP_ALLOC_FOOTPRINT: the pool, the page and DMA tables,
  @ // the ledger), priv from the objects whose pointers that footprint
  @ // follows (assumption A6); the pool maps with its model's table
  @ predicate stmmac_apart_pp{L}(struct rl_stmmac_priv *priv,
  @                              struct rl_dring *r, struct rl_page_pool *p) =
  @   \separated(priv, r) && \separated(priv, p) &&
  @   \separated(priv, p->m->pages) && \separated(priv, p->m->dma) &&
  @   r->m == p->m && p->m->dma->m == p->m &&
  @   \separated(r, p) && \separated(r, p->m) &&
  @   \separated(r, p->m->pages) &&
  @   \separated(r, p->m->pages->slots.free + (0 .. RL_SPAN)) &&
  @   \separated(r, p->m->pages->page + (0 .. RL_SPAN)) &&
  @   \separated(r, p->m->dma) &&
  @   \separated(r, p->m->dma->maps + (0 .. RL_SPAN)) &&
  @   \separated(r, p->m->dma->slots.free + (0 .. RL_SPAN)) &&
  @   \separated(r, p->m->ledger->owner[RL_OBJ_DMA] + (0 .. RL_SPAN));
  @
  @ // the pointers the allocation's footprint follows from a queue's
  @ // page_pool are those of label L2
  @ predicate stmmac_pp_frame{L1, L2}(struct rl_stmmac_rx_queue *rx_q) =
  @   \at(rx_q->page_pool, L1) == \at(rx_q->page_pool, L2) &&
  @   \at(rx_q->page_pool->m, L1) == \at(rx_q->page_pool->m, L2) &&
  @   \at(rx_q->page_pool->m->pages, L1) ==
  @     \at(rx_q->page_pool->m->pages, L2) &&
  @   \at(rx_q->page_pool->m->pages->page, L1) ==
  @     \at(rx_q->page_pool->m->pages->page, L2) &&
  @   \at(rx_q->page_pool->m->pages->slots.free, L1) ==
  @     \at(rx_q->page_pool->m->pages->slots.free, L2) &&
  @   \at(rx_q->page_pool->m->dma, L1) == \at(rx_q->page_pool->m->dma, L2) &&
  @   \at(rx_q->page_pool->m->dma->maps, L1) ==
  @     \at(rx_q->page_pool->m->dma->maps, L2) &&
  @   \at(rx_q->page_pool->m->dma->slots.free, L1) ==
  @     \at(rx_q->page_pool->m->dma->slots.free, L2) &&
  @   \at(rx_q->page_pool->m->ledger, L1) ==
  @     \at(rx_q->page_pool->m->ledger, L2) &&
  @   \at(rx_q->page_pool->m->ledger->owner[RL_OBJ_PAGE], L1) ==
  @     \at(rx_q->page_pool->m->ledger->owner[RL_OBJ_PAGE], L2) &&
  @   \at(rx_q->page_pool->m->ledger->owner[RL_OBJ_DMA], L1) ==
  @     \at(rx_q->page_pool->m->ledger->owner[RL_OBJ_DMA], L2) &&
  @   \at(rx_q->page_pool->m->ledger->owner[RL_OBJ_XSK], L1) ==
  @     \at(rx_q->page_pool->m->ledger->owner[RL_OBJ_XSK], L2);
  @
  @ // the pool switch (unit stmmac_pool_switch): the NAPIs of channel q
  @ // all off, so that no poll runs on the rings it frees
  @ predicate stmmac_napis_off{L}(struct rl_stmmac_priv *priv, integer q) =
  @   !priv->rx_queue[q].rx_napi.enabled &&
  @   !priv->rx_queue[q].rxtx_napi.enabled &&
  @   !priv->tx_queue[q].tx_napi.enabled;
  @
  @ // a ring of the driver is an allocation of its own, apart from priv,
  @ // its net_device and what starting or stopping it writes (A6)
  @ predicate stmmac_apart_ring{L}(struct rl_stmmac_priv *priv,
  @                                struct rl_dring *r) =
  @   \valid(r) && r->size <= RL_DRING_MAX && \separated(priv, r) &&
  @   stmmac_apart_give(priv, r) && \separated(priv->dev, r) &&
  @   \separated(r->m->ledger, r->m->ledger->owner[RL_OBJ_PAGE] + (0 .. RL_SPAN)) &&
  @   \separated(r->m->ledger, r->m->ledger->owner[RL_OBJ_XSK] + (0 .. RL_SPAN)) &&
  @   \separated(priv->dev, r->m->ledger) &&
  @   \separated(priv->dev, r->m->ledger->owner[RL_OBJ_PAGE] + (0 .. RL_SPAN)) &&
  @   \separated(priv->dev, r->m->ledger->owner[RL_OBJ_XSK] + (0 .. RL_SPAN));
  @
  @ // what mapping the XSK pool p writes (RL_XSK_MAP_APART) lies apart
  @ // from priv, its net_device and queue q's rings (A6)
  @ predicate stmmac_apart_map{L}(struct rl_stmmac_priv *priv, integer q,
  @                               struct rl_xsk_pool *p) =
  @   RL_XSK_MAP_APART(priv, p) && RL_XSK_MAP_APART(priv->dev, p) &&
  @   (priv->rx_queue[q].dma_rx != \null ==>
  @      RL_XSK_MAP_APART(priv->rx_queue[q].dma_rx, p)) &&
  @   (priv->tx_queue[q].dma_tx != \null ==>
  @      RL_XSK_MAP_APART(priv->tx_queue[q].dma_tx, p));
  @
  @ // the device as a pool switch finds it: its net_device and zero-copy
  @ // bitmap apart, the queue counts (A6)
  @ predicate stmmac_switch_dev{L}(struct rl_stmmac_priv *priv) =
  @   \valid(priv) && \valid(priv->dev) && \valid(priv->af_xdp_zc_qps) &&
  @   \separated(priv, priv->dev) && \separated(priv, priv->af_xdp_zc_qps) &&
  @   \separated(priv->dev, priv->af_xdp_zc_qps) &&
  @   priv->cfg.rx_queues <= RL_STMMAC_MAX_QUEUES &&
  @   priv->cfg.tx_queues <= RL_STMMAC_MAX_QUEUES &&
  @   priv->cfg.tx_queues <= priv->dev->num_tx_queues <= RL_MAX_TXQ;
  @
  @ // and queue q's rings, where it has them, apart (A6)
  @ predicate stmmac_switch_rings{L}(struct rl_stmmac_priv *priv, integer q) =
  @   (priv->rx_queue[q].dma_rx != \null &&
  @    priv->tx_queue[q].dma_tx != \null ==>
  @      \separated(priv->rx_queue[q].dma_rx, priv->tx_queue[q].dma_tx) &&
  @      priv->rx_queue[q].dma_rx->m == priv->tx_queue[q].dma_tx->m) &&
  @   (priv->rx_queue[q].dma_rx != \null ==>
  @      stmmac_apart_ring(priv, priv->rx_queue[q].dma_rx)) &&
  @   (priv->tx_queue[q].dma_tx != \null ==>
  @      stmmac_apart_ring(priv, priv->tx_queue[q].dma_tx));
  @
  @ // the device runs with a program: a pool switch rebuilds the queue
  @ // around it (stmmac_pool_need_update)
  @ predicate stmmac_switch_live{L}(struct rl_stmmac_priv *priv) =
  @   priv->up && !priv->down && priv->xdp_prog != \null;
  @
  @ logic integer stmmac_nxsk{L}(struct rl_stmmac_rx_queue *rx_q, integer i,
  @                              integer n) =
  @   i >= n ? 0 : (rx_q->buf_pool[i].xdp != \null ? 1 : 0) +
  @                stmmac_nxsk(rx_q, i + 1, n);
  @*/

#endif /* RL_STMMAC_PROOF_H */
