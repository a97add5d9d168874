import { badRequest } from '../../core/errors.ts'
import { ImageParamError, TRANSFORM_PARAMS, URL_PARAMS, parseImageOptions, type ImageOptions } from '../../core/image-url.ts'

/** A file URL's parameters, strictly (core/image-url.ts): 400 naming the parameter. */
export function fileUrlOptions(params: URLSearchParams, extra: readonly string[] = URL_PARAMS): ImageOptions {
  try {
    return parseImageOptions(params, extra)
  } catch (error) {
    if (error instanceof ImageParamError) throw badRequest(error.message)
    throw error
  }
}

/**
 * The transform asked of `GET /files/{uuid}` (its `url` is made for it): only the transform
 * parameters are read, so clients of the hosted service that send others keep working.
 */
export function transformOf(params: URLSearchParams): ImageOptions {
  const picked = new URLSearchParams([...params].filter(([k]) => (TRANSFORM_PARAMS as readonly string[]).includes(k)))
  return fileUrlOptions(picked, [])
}
