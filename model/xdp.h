/* SPDX-License-Identifier: GPL-2.0 */
/*
 * xdp.h - the XDP core a driver calls, one header for its four parts:
 * rxq info and buffers (xdp_rxq.h), frames (xdp_frame.h), the program
 * stand-in (bpf_prog.h) and redirect targets with the flush
 * (xdp_redirect.h).
 */
#ifndef RL_XDP_H
#define RL_XDP_H

#include "xdp_rxq.h"
#include "xdp_frame.h"
#include "bpf_prog.h"
#include "xdp_redirect.h"

#endif /* RL_XDP_H */
