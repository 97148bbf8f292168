import { notFound } from 'next/navigation';
import { DomainError } from '@/app/core';

/** A catalog read whose NotFound (absent, or another seller's) is the not-found page. */
export async function loadOrNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NotFound') notFound();
    throw error;
  }
}
